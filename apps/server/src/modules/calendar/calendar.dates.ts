import { addDays, weekdayOf } from '../../lib/time.ts';
import type { CalendarEventRow } from './calendar.repository.ts';

// Day arithmetic of the calendar: which dates a weekly class falls on, which days a section is off.

/** A section's holidays among `holidays`: the college's, its department's, its own. */
export const concernsSection = (h: CalendarEventRow, section: { id: string; departmentId: string }) =>
  h.scope === 'college' || h.departmentId === section.departmentId || h.sectionId === section.id;

/** The dates from..to (inclusive) inside a term whose weekday is `weekday`. */
export function datesOf(weekday: number, from: string, to: string): string[] {
  const out: string[] = [];
  let d = addDays(from, (weekday - weekdayOf(from) + 7) % 7);
  for (; d <= to; d = addDays(d, 7)) out.push(d);
  return out;
}

/** The dates of `holidays` (each day of each one) concerning a section. */
export function holidayDates(holidays: readonly CalendarEventRow[], section: { id: string; departmentId: string }): Set<string> {
  const out = new Set<string>();
  for (const h of holidays) {
    if (h.kind !== 'holiday' || !concernsSection(h, section)) continue;
    for (let d = h.startDate; d <= h.endDate; d = addDays(d, 1)) out.add(d);
  }
  return out;
}

