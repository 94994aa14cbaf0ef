import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { parseTimeCell, academicYearField, assignmentLabel, createSlotSchema, hhmmOf, minutesOf, parseWeekday, subjectCodeField } from './academics.ts';
import { percentOf, saveSessionSchema } from './attendance.ts';

const uuid = '0b1a2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('academics contract', () => {
  it('reads weekdays as numbers or names', () => {
    expect([parseWeekday('1'), parseWeekday('Mon'), parseWeekday('sunday'), parseWeekday('8'), parseWeekday('x')]).toEqual([1, 1, 7, null, null]);
  });
  it('reads time cells as people and spreadsheets write them', () => {
    expect(['9:00', '09:00:00', '09:00:00 AM', '06:30:00 PM', '12:15 pm', '12:00 AM', '24:00', '13:00 PM', 'noon'].map(parseTimeCell)).toEqual([
      '09:00', '09:00', '09:00', '18:30', '12:15', '00:00', null, null, null,
    ]);
  });
  it('checks academic years and codes', () => {
    expect(academicYearField.safeParse('2026-27').success).toBe(true);
    // 1950-51 … 2098-99: a graduate's year fits the alumni directory, and so does the next term's.
    expect(['1950-51', '2098-99'].map((y) => academicYearField.safeParse(y).success)).toEqual([true, true]);
    expect(['1949-50', '2099-00', '2100-01'].map((y) => academicYearField.safeParse(y).success)).toEqual([false, false, false]);
    expect(academicYearField.safeParse('2026-28').success).toBe(false);
    expect(subjectCodeField.parse(' cs301 ')).toBe('CS301');
    expect(subjectCodeField.safeParse('CS 301').success).toBe(false);
  });
  it('needs a slot to end after it starts', () => {
    const r = createSlotSchema.safeParse({ assignmentId: uuid, weekday: 1, start: '10:00', end: '09:00', room: 'CSE-201' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.endAfterStart);
    expect(createSlotSchema.safeParse({ assignmentId: uuid, weekday: 7, start: '18:30', end: '20:00', room: 'CSE-201' }).success).toBe(true);
  });
  it('converts times and labels classes', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(hhmmOf(570)).toBe('09:30');
    expect(assignmentLabel('CS301', 'CSE-3A')).toBe('CS301 · CSE-3A');
  });
  it('rounds percentages to one decimal', () => {
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(7, 8)).toBe(87.5);
    expect(percentOf(0, 0)).toBe(0);
  });
  it('refuses a student twice in one save and impossible dates', () => {
    const rec = { studentId: uuid, status: 'present' };
    expect(saveSessionSchema.safeParse({ assignmentId: uuid, date: '2026-11-23', start: '09:00', records: [rec, rec] }).success).toBe(false);
    expect(saveSessionSchema.safeParse({ assignmentId: uuid, date: '2026-02-30', start: '09:00', records: [rec] }).success).toBe(false);
    expect(saveSessionSchema.safeParse({ assignmentId: uuid, date: '2026-11-23', start: '09:00', records: [rec] }).success).toBe(true);
  });
});
