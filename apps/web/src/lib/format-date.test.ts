import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, collegeTimeZone, collegeToday, formatDate, formatDateTime, formatMonth, formatTime, setCollegeTimeZone } from './format-date';

afterEach(() => {
  setCollegeTimeZone(DEFAULT_TIME_ZONE);
});

describe('format-date', () => {
  it('writes one style: 27 Nov 2026 and 27 Nov 2026, 22:01 (24-hour)', () => {
    setCollegeTimeZone('UTC');
    expect(formatDate('2026-11-27T22:01:00Z')).toBe('27 Nov 2026');
    expect(formatDateTime('2026-11-27T22:01:00Z')).toBe('27 Nov 2026, 22:01');
    expect(formatDateTime('2026-11-27T09:05:00Z')).toBe('27 Nov 2026, 09:05');
    expect(formatTime('2026-11-27T00:00:00Z')).toBe('00:00');
    expect(formatDateTime(new Date('2026-01-02T03:04:00Z'))).toBe('2 Jan 2026, 03:04');
    // 'Sep', not ICU's newer 'Sept'.
    expect(formatDate('2026-09-07')).toBe('7 Sep 2026');
    expect(formatMonth('2019-07-01')).toBe('Jul 2019');
  });

  it("shows an instant in the college's zone, not the browser's", () => {
    // 22:01 UTC is 03:31 the next day in India and 17:01 the same day in New York.
    expect(collegeTimeZone()).toBe('Asia/Kolkata');
    expect(formatDateTime('2026-11-27T22:01:00.000Z')).toBe('28 Nov 2026, 03:31');
    expect(formatDate('2026-11-27T22:01:00.000Z')).toBe('28 Nov 2026');
    expect(setCollegeTimeZone('America/New_York')).toBe(true);
    expect(formatDateTime('2026-11-27T22:01:00.000Z')).toBe('27 Nov 2026, 17:01');
    expect(formatTime('2026-11-27T22:01:00.000Z')).toBe('17:01');
  });

  it('keeps a calendar day as written in every zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'UTC']) {
      setCollegeTimeZone(zone);
      expect(formatDate('2026-11-27'), zone).toBe('27 Nov 2026');
      expect(formatDateTime('2026-11-27'), zone).toBe('27 Nov 2026');
      expect(formatTime('2026-11-27'), zone).toBe('—');
      expect(formatMonth('2026-12-01'), zone).toBe('Dec 2026');
    }
  });

  it('answers — (or the given text) for missing or unreadable values, and ignores an unknown zone', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatMonth(null, 'N/A')).toBe('N/A');
    expect(setCollegeTimeZone('Mars/Olympus')).toBe(false);
    expect(setCollegeTimeZone(undefined)).toBe(false);
    expect(collegeTimeZone()).toBe('Asia/Kolkata');
  });

  it("reckons today in the college's zone", () => {
    const instant = new Date('2026-11-27T20:00:00Z');
    expect(collegeToday(instant)).toBe('2026-11-28');
    setCollegeTimeZone('America/Los_Angeles');
    expect(collegeToday(instant)).toBe('2026-11-27');
  });
});
