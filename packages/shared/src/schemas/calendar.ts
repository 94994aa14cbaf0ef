import { z } from 'zod';
import { MSG } from '../messages.ts';
import { timeField } from './academics.ts';
import type { ImportColumn } from './import.ts';

// The academic calendar (issue 27): the terms Settings keeps, plus holidays, exam periods and events
// for the whole college, a department or a section. `GET /calendar` answers what concerns the caller
// (their classes, exams, holidays, events, library due dates, placement deadlines); the private iCal
// feed carries the same items. Dates are "YYYY-MM-DD" and times "HH:MM", in the college's time zone.

/** What an Admin (or Staff, events only) writes into the calendar. */
export const CALENDAR_EVENT_KINDS = ['holiday', 'exam-period', 'event'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
/** Whom an entry concerns. */
export const CALENDAR_SCOPES = ['college', 'department', 'section'] as const;
export type CalendarScope = (typeof CALENDAR_SCOPES)[number];
/** What a calendar item is: an entry above, or something another module holds. */
export const CALENDAR_ITEM_TYPES = ['class', 'exam', 'holiday', 'exam-period', 'event', 'library-due', 'placement-deadline'] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];
/** The longest range one `GET /calendar` answers (a year and a day). */
export const CALENDAR_MAX_DAYS = 366;

const dateField = z.iso.date(MSG.calendarDateInvalid);

/** A stored calendar entry, as the management screens see it. */
export const calendarEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  /** First day, and last day (inclusive; equal for a one-day entry). */
  startDate: z.string(),
  endDate: z.string(),
  /** Both null for an all-day entry (holidays and exam periods always are). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  scope: z.enum(CALENDAR_SCOPES),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  sectionId: z.string().nullable(),
  sectionName: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const eventFields = {
  kind: z.enum(CALENDAR_EVENT_KINDS, { error: MSG.calendarKindInvalid }),
  title: z.string({ error: MSG.calendarTitleRequired }).trim().min(1, MSG.calendarTitleRequired).max(120, MSG.calendarTitleTooLong),
  description: z.string().trim().max(2000, MSG.calendarDescriptionTooLong).nullish(),
  startDate: dateField,
  /** Defaults to startDate. */
  endDate: dateField.nullish(),
  /** Events only; both or neither. */
  startTime: timeField.nullish(),
  endTime: timeField.nullish(),
  scope: z.enum(CALENDAR_SCOPES, { error: MSG.calendarScopeInvalid }).default('college'),
  departmentId: z.uuid(MSG.departmentNotFound).nullish(),
  sectionId: z.uuid(MSG.sectionNotFound).nullish(),
};

/** The rules every write obeys (the server checks the department and section exist). */
function checkEvent(
  e: { kind?: CalendarEventKind; startDate?: string; endDate?: string | null; startTime?: string | null; endTime?: string | null; scope?: CalendarScope; departmentId?: string | null; sectionId?: string | null },
  c: z.RefinementCtx,
) {
  if (e.startDate && e.endDate && e.endDate < e.startDate) c.addIssue({ code: 'custom', path: ['endDate'], message: MSG.calendarEndBeforeStart });
  if (!!e.startTime !== !!e.endTime) c.addIssue({ code: 'custom', path: [e.startTime ? 'endTime' : 'startTime'], message: MSG.calendarTimesBoth });
  if (e.startTime && e.kind && e.kind !== 'event') c.addIssue({ code: 'custom', path: ['startTime'], message: MSG.calendarAllDayOnly });
  if (e.startTime && e.endTime && e.endTime <= e.startTime && (!e.endDate || e.endDate === e.startDate)) c.addIssue({ code: 'custom', path: ['endTime'], message: MSG.calendarEndBeforeStart });
  if (e.scope === 'department' && !e.departmentId) c.addIssue({ code: 'custom', path: ['departmentId'], message: MSG.calendarDepartmentRequired });
  if (e.scope === 'section' && !e.sectionId) c.addIssue({ code: 'custom', path: ['sectionId'], message: MSG.calendarSectionRequired });
}

/** `POST /calendar/events` (Admin, SuperAdmin; Staff for kind "event"). */
export const createCalendarEventBody = z.strictObject(eventFields).superRefine(checkEvent);
export type CreateCalendarEventBody = z.infer<typeof createCalendarEventBody>;
/** `PATCH /calendar/events/{id}`: any of the fields; the merged entry obeys the same rules. */
export const updateCalendarEventBody = z
  .strictObject({ ...eventFields, scope: eventFields.scope.removeDefault().optional() })
  .partial()
  .superRefine(checkEvent);
export type UpdateCalendarEventBody = z.infer<typeof updateCalendarEventBody>;
export const calendarEventParams = z.strictObject({ id: z.uuid(MSG.calendarEventNotFound) });
export const calendarEventResponse = z.object({ message: z.string(), event: calendarEventSchema });

/** `GET /calendar/events?from=&to=&kind=` (the management list: every entry, whoever it concerns). */
export const listCalendarEventsQuery = z.strictObject({
  from: dateField.optional(),
  to: dateField.optional(),
  kind: z.enum(CALENDAR_EVENT_KINDS, { error: MSG.calendarKindInvalid }).optional(),
});
export const listCalendarEventsResponse = z.object({ events: z.array(calendarEventSchema) });

/** `GET /calendar?from=&to=`: both dates, at most CALENDAR_MAX_DAYS apart (default: this month). */
export const calendarQuery = z
  .strictObject({ from: dateField.optional(), to: dateField.optional() })
  .superRefine((q, c) => {
    if (q.from && q.to && q.to < q.from) c.addIssue({ code: 'custom', path: ['to'], message: MSG.calendarEndBeforeStart });
  });

/** One thing on a day of the caller's calendar. */
export const calendarItemSchema = z.object({
  /** Stable across calls and in the iCal feed (e.g. "event:<uuid>", "class:<slot id>", "loan:<uuid>"). */
  id: z.string(),
  type: z.enum(CALENDAR_ITEM_TYPES),
  title: z.string(),
  /** First day, and last day (inclusive). */
  date: z.string(),
  endDate: z.string(),
  /** Null for an all-day item. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** Room and teacher of a class, the section of an exam, a book's title, a company ... */
  detail: z.string().nullable(),
  /** The page that shows it in the web client, if any. */
  link: z.string().nullable(),
  /** The calendar entry's id, for the items an Admin or Staff can edit. */
  eventId: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The terms (Settings) that overlap the range. */
  terms: z.array(z.object({ name: z.string(), start: z.string(), end: z.string() })),
  /** Sorted by date, then all-day items first, then start time. Classes never fall on a holiday. */
  items: z.array(calendarItemSchema),
});
export type CalendarAnswer = z.infer<typeof calendarResponse>;

/** `GET /calendar/upcoming`: the dashboards' next holiday and next event that concern the caller. */
export const upcomingResponse = z.object({ nextHoliday: calendarItemSchema.nullable(), nextEvent: calendarItemSchema.nullable() });
export type CalendarUpcoming = z.infer<typeof upcomingResponse>;

/**
 * The private iCal feed. `GET /calendar/feed` → `{url}` (made on the first call), `POST
 * /calendar/feed/rotate` → a new `{url}` (the old one answers 404), `DELETE /calendar/feed` revokes.
 * `GET /calendar/feeds/{secret}.ics` needs no sign-in.
 */
export const calendarFeedResponse = z.object({ url: z.string() });
export const calendarFeedParams = z.strictObject({ file: z.string().max(200) });

/**
 * `POST /calendar/holidays/import[?dryRun=true]` (Admin, SuperAdmin): one holiday a row. `date` is
 * YYYY-MM-DD (or DD-MM-YYYY / DD/MM/YYYY as typed in India); `department` a department code and
 * `section` a section name narrow whom it concerns (blank: the whole college). A row whose date and
 * title are already stored is skipped.
 */
export const HOLIDAY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'date', label: 'date', required: true, aliases: ['startDate', 'start date', 'from'], example: '2026-08-15', hint: 'YYYY-MM-DD or DD-MM-YYYY' },
  { key: 'endDate', label: 'endDate', aliases: ['end date', 'to', 'until'], example: '', hint: 'last day, for a holiday of several days' },
  { key: 'title', label: 'title', required: true, aliases: ['holiday', 'name', 'occasion'], example: 'Independence Day' },
  { key: 'department', label: 'department', aliases: ['department code', 'dept'], example: '', hint: 'a department code: only that department' },
  { key: 'section', label: 'section', aliases: ['section name'], example: '', hint: 'a section name: only that section' },
];
