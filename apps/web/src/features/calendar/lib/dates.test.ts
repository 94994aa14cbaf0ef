import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, endOfMonth, isDay, startOfWeek, weekday } from './dates';

describe('calendar day arithmetic', () => {
  it('counts weeks from Monday and crosses months and years', () => {
    expect(weekday('2026-12-07')).toBe(1);
    expect(weekday('2026-12-13')).toBe(7);
    expect(startOfWeek('2026-12-13')).toBe('2026-12-07');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('steps a month keeping the day inside the shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
  });

  it('accepts only real days written YYYY-MM-DD (the URL may hold anything)', () => {
    expect(isDay('2026-12-07')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('7 Dec 2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
