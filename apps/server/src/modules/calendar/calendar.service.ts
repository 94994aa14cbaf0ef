import { MSG } from '@crs/shared/messages';
import { ADMINS, hasAnyRole } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { hhmmOf, minutesOf } from '@crs/shared/schemas/academics';
import { CALENDAR_MAX_DAYS, createCalendarEventBody } from '@crs/shared/schemas/calendar';
import type { CalendarAnswer, CalendarEvent, CalendarEventKind, CalendarItem, CalendarUpcoming, CreateCalendarEventBody, UpdateCalendarEventBody } from '@crs/shared/schemas/calendar';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { deriveToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { addDays, collegeClock, daysBetween } from '../../lib/time.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome } from '../../lib/import/pipeline.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as academics from '../academics/academics.read.ts';
import type { SlotRow } from '../academics/academics.read.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as audit from '../audit/audit.service.ts';
import * as library from '../library/library.service.ts';
import * as placement from '../placement/placement.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import { buildIcs } from './calendar.ical.ts';
import { holidayImport, holidayKey } from './calendar.import.ts';
import { datesOf, holidayDates } from './calendar.dates.ts';
import { byWhen, itemOfEvent, presentEvent } from './calendar.presenter.ts';
import * as repo from './calendar.repository.ts';
import type { CalendarEventRow, CalendarEventValues, Concerning } from './calendar.repository.ts';

// The academic calendar (issue 27, decision 0043). Stored entries (holidays, exam periods, events;
// college-wide or for a department or section) are written by Admin and SuperAdmin, events also by
// Staff, every write audited. A person's calendar adds what other modules hold: their classes (the
// timetable expanded over the terms of Settings, never on a holiday of the section), exams, library
// due dates and placement deadlines. The iCal feed (calendar.ical.ts) carries the same.

/** Who reads every entry, whoever it concerns. */
const COLLEGE_WIDE: readonly Role[] = ['Admin', 'SuperAdmin', 'Staff', 'Librarian'];
const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;
const isAdmin = (roles: readonly Role[]) => hasAnyRole(roles, ADMINS);
/** Whether someone with these roles may add, change or delete an entry of this kind. */
const mayWrite = (roles: readonly Role[], kind: string) => isAdmin(roles) || (kind === 'event' && hasAnyRole(roles, ['Staff']));

// Entries (management) --------------------------------------------------------------------------

async function present(ctx: AppContext, rows: CalendarEventRow[]): Promise<CalendarEvent[]> {
  const [departments, sections, authors] = await Promise.all([
    academics.departmentsByIds(ctx, rows.flatMap((r) => (r.departmentId ? [r.departmentId] : []))),
    academics.sectionsByIds(ctx, rows.flatMap((r) => (r.sectionId ? [r.sectionId] : []))),
    users.usersByIds(
      ctx,
      rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    ),
  ]);
  const l = { departments: new Map(departments.map((d) => [d.id, d])), sections: new Map(sections.map((s) => [s.id, s])), authors };
  return rows.map((r) => presentEvent(r, l));
}

/** The stored values of a checked entry; the department or section it names must exist (404). */
async function valuesOf(ctx: AppContext, v: CreateCalendarEventBody): Promise<Omit<CalendarEventValues, 'createdBy'>> {
  const departmentId = v.scope === 'department' ? v.departmentId! : null;
  const sectionId = v.scope === 'section' ? v.sectionId! : null;
  if (departmentId && (await academics.departmentsByIds(ctx, [departmentId])).length === 0) throw notFound(MSG.departmentNotFound, 'DEPARTMENT_NOT_FOUND');
  if (sectionId && (await academics.sectionsByIds(ctx, [sectionId])).length === 0) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  return {
    kind: v.kind,
    title: v.title,
    description: v.description || null,
    startDate: v.startDate,
    endDate: v.endDate ?? v.startDate,
    startMin: v.startTime ? minutesOf(v.startTime) : null,
    endMin: v.endTime ? minutesOf(v.endTime) : null,
    scope: v.scope,
    departmentId,
    sectionId,
  };
}

const refuseKind = (p: Principal, kind: string) => {
  if (!mayWrite(p.user.roles, kind)) throw forbidden(MSG.calendarStaffEventsOnly, 'STAFF_EVENTS_ONLY');
};
const target = (r: CalendarEventRow) => ({ type: 'calendar entry', id: r.id, label: `${r.title} (${r.startDate})` });
const AUDITED = ['kind', 'title', 'description', 'startDate', 'endDate', 'startMin', 'endMin', 'scope', 'departmentId', 'sectionId'] as const;

/** POST /calendar/events: Admin, SuperAdmin; Staff only kind "event" (403). Audited. */
export async function createEvent(ctx: AppContext, p: Principal, v: CreateCalendarEventBody): Promise<CalendarEvent> {
  refuseKind(p, v.kind);
  const values = await valuesOf(ctx, v);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await repo.insertEvents(tx, [{ ...values, createdBy: p.user.id }]);
    await audit.record(ctx, p, { action: 'calendar.created', target: target(r!), details: { kind: r!.kind, startDate: r!.startDate, endDate: r!.endDate, scope: r!.scope } }, tx);
    return r!;
  });
  return (await present(ctx, [row]))[0]!;
}

async function stored(ctx: AppContext, id: string): Promise<CalendarEventRow> {
  const row = await repo.findEvent(ctx.db, id);
  if (!row) throw notFound(MSG.calendarEventNotFound, 'CALENDAR_EVENT_NOT_FOUND');
  return row;
}

/** PATCH /calendar/events/{id}: the stored entry with the given fields obeys the rules of a new one (400); Staff change events only, into events only. Audited with each change. */
export async function updateEvent(ctx: AppContext, p: Principal, id: string, patch: UpdateCalendarEventBody): Promise<CalendarEvent> {
  const before = await stored(ctx, id);
  refuseKind(p, before.kind);
  const merged = createCalendarEventBody.safeParse({
    kind: before.kind,
    title: before.title,
    description: before.description,
    startDate: before.startDate,
    endDate: before.endDate,
    startTime: before.startMin === null ? null : hhmmOf(before.startMin),
    endTime: before.endMin === null ? null : hhmmOf(before.endMin),
    scope: before.scope,
    departmentId: before.departmentId,
    sectionId: before.sectionId,
    // A new start date alone moves a one-day entry rather than making its end fall before it.
    ...(patch.startDate && patch.endDate === undefined && before.endDate === before.startDate && { endDate: patch.startDate }),
    ...Object.fromEntries(Object.entries(patch).filter(([, x]) => x !== undefined)),
  });
  if (!merged.success) {
    const errors = merged.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(errors[0]!.message, 'VALIDATION_FAILED', errors);
  }
  refuseKind(p, merged.data.kind);
  const values = await valuesOf(ctx, merged.data);
  const after = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateEvent(tx, id, values);
    if (!row) throw notFound(MSG.calendarEventNotFound, 'CALENDAR_EVENT_NOT_FOUND');
    const changes = audit.changesOf(before, row, [...AUDITED]);
    if (Object.keys(changes).length > 0) await audit.record(ctx, p, { action: 'calendar.updated', target: target(row), changes }, tx);
    return row;
  });
  return (await present(ctx, [after]))[0]!;
}

/** DELETE /calendar/events/{id}: Staff events only. Audited (`record.deleted`). */
export async function deleteEvent(ctx: AppContext, p: Principal, id: string): Promise<void> {
  refuseKind(p, (await stored(ctx, id)).kind);
  await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteEvent(tx, id);
    if (!gone) throw notFound(MSG.calendarEventNotFound, 'CALENDAR_EVENT_NOT_FOUND');
    await audit.record(ctx, p, { action: 'record.deleted', target: target(gone), details: { kind: gone.kind, startDate: gone.startDate, endDate: gone.endDate, scope: gone.scope } }, tx);
  });
}

/** GET /calendar/events: every entry overlapping from..to (of one kind), whoever it concerns. */
export async function listEvents(ctx: AppContext, q: { from?: string | undefined; to?: string | undefined; kind?: CalendarEventKind | undefined }): Promise<{ events: CalendarEvent[] }> {
  return { events: await present(ctx, await repo.listBetween(ctx.db, q)) };
}

/**
 * POST /calendar/holidays/import[?dryRun=true] (Admin, SuperAdmin): holidays from a spreadsheet
 * through the one pipeline: a preview, row errors, all or nothing, one audit entry with the count.
 */
export async function importHolidays(ctx: AppContext, p: Principal, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> {
  return importFile<CreateCalendarEventBody>(upload, { dryRun, maxRows: ctx.config.importMaxRows }, async () => {
    const [departments, sections] = await Promise.all([academics.allDepartments(ctx), academics.allSections(ctx)]);
    const sectionIds = new Map<string, string>();
    // Newest academic year first: a name used again in a later year means the later section.
    for (const s of sections) if (!sectionIds.has(s.name.toLowerCase())) sectionIds.set(s.name.toLowerCase(), s.id);
    return {
      spec: holidayImport(new Map(departments.map((d) => [d.code.toUpperCase(), d.id])), sectionIds),
      store: {
        existing: (keys) => repo.existingHolidayKeys(ctx.db, keys),
        write: (values) =>
          ctx.db.transaction(async (tx) => {
            const fresh = await repo.existingHolidayKeys(tx, values.map(holidayKey));
            const rows = await repo.insertEvents(
              tx,
              values.filter((v) => !fresh.has(holidayKey(v))).map((v) => ({
                kind: 'holiday',
                title: v.title,
                startDate: v.startDate,
                endDate: v.endDate ?? v.startDate,
                scope: v.scope,
                departmentId: v.scope === 'department' ? v.departmentId! : null,
                sectionId: v.scope === 'section' ? v.sectionId! : null,
                createdBy: p.user.id,
              })),
            );
            await audit.record(ctx, p, { action: 'calendar.imported', target: { type: 'calendar entry' }, details: { created: rows.length, file: upload.filename } }, tx);
            return { created: rows.length, updated: 0 };
          }),
      },
    };
  });
}

// A person's calendar ---------------------------------------------------------------------------

/** Who is asking, as far as the calendar cares. */
export type Reader = { id: string; roles: readonly Role[]; principal: Principal };

/** The entries a reader sees: every one for COLLEGE_WIDE roles, else the college's and their departments' and sections'. */
async function concerningOf(ctx: AppContext, r: Reader): Promise<Concerning> {
  if (hasAnyRole(r.roles, COLLEGE_WIDE)) return { all: true };
  return { all: false, ...(await academics.affiliationOf(ctx, r.id)) };
}

/** The timetabled classes of a reader: a student's current sections' (not a closed term's) and a teacher's own, each slot once, with its section's department. */
export async function classesOf(ctx: AppContext, r: Reader): Promise<Array<SlotRow & { departmentId: string }>> {
  const [enrolled, taught] = await Promise.all([
    hasAnyRole(r.roles, ['Student']) ? academics.currentSectionIdsOfStudent(ctx, r.id).then((ids) => academics.slotsOfSections(ctx, ids)) : [],
    hasAnyRole(r.roles, ['Teacher']) ? academics.slotsOfTeacher(ctx, r.id) : [],
  ]);
  const slots = [...new Map([...enrolled, ...taught].map((s) => [s.id, s])).values()];
  const sections = new Map((await academics.sectionsByIds(ctx, [...new Set(slots.map((s) => s.sectionId))])).map((s) => [s.id, s.departmentId]));
  return slots.flatMap((s) => (sections.has(s.sectionId) ? [{ ...s, departmentId: sections.get(s.sectionId)! }] : []));
}

/** Exams from..to of a student's sections and of a teacher's own classes. */
async function examsOf(ctx: AppContext, r: Reader, from: string, to: string) {
  const [enrolled, taught] = await Promise.all([
    hasAnyRole(r.roles, ['Student']) ? academics.sectionIdsOfStudent(ctx, r.id) : [],
    hasAnyRole(r.roles, ['Teacher']) ? academics.assignmentsOfTeacher(ctx, r.id) : [],
  ]);
  const mine = new Set(enrolled);
  const exams = await assessment.examsOfSectionsBetween(ctx, [...enrolled, ...taught.map((a) => a.sectionId)], from, to);
  return exams.filter((e) => mine.has(e.sectionId) || e.teacherId === r.id);
}

/** Everything of a reader's calendar from..to, before it becomes items or a feed. */
export async function gather(ctx: AppContext, r: Reader, from: string, to: string) {
  const [entries, classes, exams, loans, jobs, inForce] = await Promise.all([
    concerningOf(ctx, r).then((concerning) => repo.listBetween(ctx.db, { from, to }, concerning)),
    classesOf(ctx, r),
    examsOf(ctx, r, from, to),
    library.openLoansOf(ctx, r.id),
    hasAnyRole(r.roles, ['Student']) ? placement.listJobs(ctx, r.principal).then((x) => x.jobs.filter((j) => j.acceptingApplications)) : [],
    settings.current(ctx),
  ]);
  const terms = inForce.terms.filter((t) => t.start <= to && t.end >= from);
  const tz = ctx.config.timeZone;
  const dueDate = (iso: string) => collegeClock(tz, new Date(iso)).date;
  return {
    entries,
    classes,
    terms,
    exams,
    loans: loans.map((l) => ({ ...l, dueDate: dueDate(l.dueOn) })).filter((l) => l.dueDate >= from && l.dueDate <= to),
    jobs: jobs.filter((j) => j.deadline >= from && j.deadline <= to),
  };
}

/** GET /calendar?from=&to= (default: this month): what concerns the caller, at most CALENDAR_MAX_DAYS days (400). */
export async function myCalendar(ctx: AppContext, p: Principal, q: { from?: string | undefined; to?: string | undefined }): Promise<CalendarAnswer> {
  const now = today(ctx);
  const from = q.from ?? (q.to ? addDays(q.to, -30) : `${now.slice(0, 8)}01`);
  const to = q.to ?? (q.from ? addDays(from, 30) : addDays(addDays(`${now.slice(0, 8)}01`, 32).slice(0, 8) + '01', -1));
  if (to < from) throw badRequest(MSG.calendarEndBeforeStart, 'VALIDATION_FAILED', [{ path: 'to', message: MSG.calendarEndBeforeStart }]);
  if (daysBetween(from, to) + 1 > CALENDAR_MAX_DAYS) throw badRequest(MSG.calendarRangeTooLong, 'RANGE_TOO_LONG', [{ path: 'to', message: MSG.calendarRangeTooLong }]);
  const r: Reader = { id: p.user.id, roles: p.user.roles, principal: p };
  const g = await gather(ctx, r, from, to);
  const editable = (e: CalendarEventRow) => mayWrite(r.roles, e.kind);
  const items: CalendarItem[] = g.entries.map((e) => itemOfEvent(e, editable(e)));
  const holidays = g.entries.filter((e) => e.kind === 'holiday');
  for (const s of g.classes) {
    const off = holidayDates(holidays, { id: s.sectionId, departmentId: s.departmentId });
    for (const t of g.terms) {
      for (const date of datesOf(s.weekday, t.start > from ? t.start : from, t.end < to ? t.end : to)) {
        if (off.has(date)) continue;
        items.push({ id: `class:${s.id}:${date}`, type: 'class', title: `${s.subjectCode} ${s.subjectName}`, date, endDate: date, start: hhmmOf(s.startMin), end: hhmmOf(s.endMin), detail: `${s.section} · ${s.room}`, link: null, eventId: null });
      }
    }
  }
  for (const e of g.exams) items.push({ id: `exam:${e.id}`, type: 'exam', title: `${e.subjectCode} ${e.name}`, date: e.date, endDate: e.date, start: null, end: null, detail: `${e.subjectName} · ${e.section}`, link: null, eventId: null });
  for (const l of g.loans) items.push({ id: `loan:${l._id}`, type: 'library-due', title: MSG.calendarLibraryDue(l.book.title), date: l.dueDate, endDate: l.dueDate, start: null, end: null, detail: l.book.authors.join(', ') || null, link: null, eventId: null });
  for (const j of g.jobs) items.push({ id: `job:${j._id}`, type: 'placement-deadline', title: MSG.calendarPlacementDeadline(j.company, j.role), date: j.deadline, endDate: j.deadline, start: null, end: null, detail: j.location || null, link: null, eventId: null });
  return { from, to, terms: g.terms.map((t) => ({ name: t.name, start: t.start, end: t.end })), items: items.sort(byWhen) };
}

/** GET /calendar/upcoming: the next holiday and the next event (today counts) that concern the caller. */
export async function upcoming(ctx: AppContext, p: Principal): Promise<CalendarUpcoming> {
  const r: Reader = { id: p.user.id, roles: p.user.roles, principal: p };
  const c = await concerningOf(ctx, r);
  const now = today(ctx);
  const [holiday, event] = await Promise.all([repo.nextOf(ctx.db, 'holiday', now, c), repo.nextOf(ctx.db, 'event', now, c)]);
  return { nextHoliday: holiday ? itemOfEvent(holiday, mayWrite(r.roles, 'holiday')) : null, nextEvent: event ? itemOfEvent(event, mayWrite(r.roles, 'event')) : null };
}

export { seedDemoCalendar } from './calendar.seed.ts';

// The private iCal feed -------------------------------------------------------------------------

/** How far back and ahead the feed reaches: last term's end and the coming year. */
const FEED_PAST_DAYS = 120;
const FEED_AHEAD_DAYS = 366;
const FEED_FILE = /^([A-Za-z0-9_-]{40,64})\.ics$/;

/** The URL secret of a feed row: derived from its id under the server's key (never stored; only its SHA-256 is). */
const secretOf = (ctx: AppContext, feedId: string) => deriveToken(ctx.config.jwtSecret, 'calendar-feed', feedId);
const urlOf = (ctx: AppContext, feedId: string) => `${ctx.config.publicUrl}/api/v1/calendar/feeds/${secretOf(ctx, feedId)}.ics`;
const newFeed = (ctx: AppContext, userId: string) => {
  const id = randomUUID();
  return { id, userId, secretHash: sha256(secretOf(ctx, id)) };
};

/** GET /calendar/feed: the caller's feed URL, made on the first call. */
export async function feedUrl(ctx: AppContext, p: Principal): Promise<{ url: string }> {
  const row = (await repo.feedOfUser(ctx.db, p.user.id)) ?? (await repo.insertFeedIfNone(ctx.db, newFeed(ctx, p.user.id))) ?? (await repo.feedOfUser(ctx.db, p.user.id))!;
  return { url: urlOf(ctx, row.id) };
}

/** POST /calendar/feed/rotate: a new URL; the old one answers 404 from now on. Audited. */
export async function rotateFeed(ctx: AppContext, p: Principal): Promise<{ url: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repo.replaceFeed(tx, newFeed(ctx, p.user.id));
    await audit.record(ctx, p, { action: 'calendar.feed_rotated', target: { type: 'calendar feed', id: p.user.id, label: p.user.name } }, tx);
    return saved;
  });
  return { url: urlOf(ctx, row.id) };
}

/** DELETE /calendar/feed: turns the caller's feed off (its URL answers 404). Audited when there was one. */
export async function revokeFeed(ctx: AppContext, p: Principal): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (await repo.deleteFeed(tx, p.user.id)) await audit.record(ctx, p, { action: 'calendar.feed_revoked', target: { type: 'calendar feed', id: p.user.id, label: p.user.name } }, tx);
  });
}

/** GET /calendar/feeds/{secret}.ics (no sign-in): the owner's calendar as iCalendar; 404 for an unknown, rotated or revoked secret or an account no longer active. */
export async function feedFile(ctx: AppContext, file: string): Promise<string> {
  const missing = () => notFound(MSG.calendarFeedNotFound, 'CALENDAR_FEED_NOT_FOUND');
  const m = FEED_FILE.exec(file);
  if (!m) throw missing();
  const feed = await repo.feedByHash(ctx.db, sha256(m[1]!));
  const user = feed && (await users.getUser(ctx, feed.userId));
  if (!user || user.status !== 'active') throw missing();
  const now = today(ctx);
  const principal: Principal = { user, sessionId: 'calendar-feed' };
  const g = await gather(ctx, { id: user.id, roles: user.roles, principal }, addDays(now, -FEED_PAST_DAYS), addDays(now, FEED_AHEAD_DAYS));
  const s = await settings.current(ctx);
  return buildIcs(g, { timeZone: ctx.config.timeZone, host: new URL(ctx.config.publicUrl).hostname, college: s.shortName || s.institutionName });
}
