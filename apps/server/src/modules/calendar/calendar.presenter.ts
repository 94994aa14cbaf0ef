import { hhmmOf } from '@crs/shared/schemas/academics';
import type { CalendarEvent, CalendarEventKind, CalendarItem, CalendarScope } from '@crs/shared/schemas/calendar';
import type { CalendarEventRow } from './calendar.repository.ts';

// The calendar's answer shapes: a stored entry as the management screens see it, and the items of
// a person's calendar (entries and what other modules hold).

export type EventLookups = {
  departments: Map<string, { name: string }>;
  sections: Map<string, { name: string }>;
  authors: Map<string, { name: string }>;
};

const hhmm = (m: number | null) => (m === null ? null : hhmmOf(m));

export function presentEvent(r: CalendarEventRow, l: EventLookups): CalendarEvent {
  return {
    _id: r.id,
    kind: r.kind as CalendarEventKind,
    title: r.title,
    description: r.description,
    startDate: r.startDate,
    endDate: r.endDate,
    startTime: hhmm(r.startMin),
    endTime: hhmm(r.endMin),
    scope: r.scope as CalendarScope,
    departmentId: r.departmentId,
    departmentName: r.departmentId ? (l.departments.get(r.departmentId)?.name ?? null) : null,
    sectionId: r.sectionId,
    sectionName: r.sectionId ? (l.sections.get(r.sectionId)?.name ?? null) : null,
    createdBy: r.createdBy ? { _id: r.createdBy, name: l.authors.get(r.createdBy)?.name ?? 'Unknown' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A stored entry as an item of someone's calendar; `editable` when the caller may change it. */
export const itemOfEvent = (r: CalendarEventRow, editable: boolean): CalendarItem => ({
  id: `event:${r.id}`,
  type: r.kind as CalendarEventKind,
  title: r.title,
  date: r.startDate,
  endDate: r.endDate,
  start: hhmm(r.startMin),
  end: hhmm(r.endMin),
  detail: r.description,
  link: null,
  eventId: editable ? r.id : null,
});

/** By date, then all-day items first, then start time, then title. */
export const byWhen = (a: CalendarItem, b: CalendarItem) =>
  a.date.localeCompare(b.date) || (a.start === null ? 0 : 1) - (b.start === null ? 0 : 1) || (a.start ?? '').localeCompare(b.start ?? '') || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
