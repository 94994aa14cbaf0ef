// Issue 27 items 1–3 (the calendar's part): entries written by Admin/SuperAdmin (Staff: events
// only) and audited; GET /calendar per role with classes removed on holidays; attendance refused
// on a holiday or outside the terms unless declared extra; the private iCal feed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodeIcal from 'node-ical';
import { MSG } from '@crs/shared/messages';
import { calendarResponse, upcomingResponse } from '@crs/shared/schemas/calendar';
import type { CalendarAnswer, CalendarEvent } from '@crs/shared/schemas/calendar';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart, rows } from '../../../test/util.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import { addSlot, assignmentFixture, person, post } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';
import { addBook, lend } from '../library/library.fixtures.ts';

let t: TestApp;
let admin: Auth;
let superAdmin: Auth;
let staff: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
  staff = (await loginAs(t, ['Staff'])).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, auth?: Auth, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(auth && { headers: auth }), ...(payload && { payload }) });
const addEntry = async (auth: Auth, body: object) => {
  const res = await api('POST', '/calendar/events', auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { event: CalendarEvent }).event;
};
const audited = (action: string, id: string) => countRows(t.ctx, 'audit_log', `action = '${action}' and target_id = '${id}'`);

describe('calendar entries', () => {
  it('Admin adds, changes and deletes any kind; Staff events only; a Student nothing; every write audited', async () => {
    const holiday = await addEntry(admin, { kind: 'holiday', title: 'Founders Day', startDate: '2031-02-10' });
    expect(holiday).toMatchObject({ kind: 'holiday', title: 'Founders Day', startDate: '2031-02-10', endDate: '2031-02-10', startTime: null, scope: 'college', departmentId: null });
    expect(holiday.createdBy?.name).toBeTruthy();
    expect(await audited('calendar.created', holiday._id)).toBe(1);

    const event = await addEntry(staff, { kind: 'event', title: 'Blood donation camp', startDate: '2031-02-12', startTime: '10:00', endTime: '13:00' });
    expect(event).toMatchObject({ startTime: '10:00', endTime: '13:00' });
    const refused = await api('POST', '/calendar/events', staff, { kind: 'holiday', title: 'Staff holiday', startDate: '2031-02-13' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_EVENTS_ONLY', message: MSG.calendarStaffEventsOnly });
    expect((await api('PATCH', `/calendar/events/${holiday._id}`, staff, { title: 'Renamed' })).statusCode).toBe(403);
    expect((await api('PATCH', `/calendar/events/${event._id}`, staff, { kind: 'holiday', startTime: null, endTime: null })).statusCode).toBe(403);
    expect((await api('DELETE', `/calendar/events/${holiday._id}`, staff)).statusCode).toBe(403);
    const student = (await loginAs(t, ['Student'])).auth;
    expect((await api('POST', '/calendar/events', student, { kind: 'event', title: 'Party', startDate: '2031-02-12' })).statusCode).toBe(403);
    expect((await api('GET', '/calendar/events', student)).statusCode).toBe(403);

    const changed = await api('PATCH', `/calendar/events/${holiday._id}`, admin, { title: 'Foundation Day', endDate: '2031-02-11' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: MSG.calendarEventUpdated, event: { title: 'Foundation Day', endDate: '2031-02-11' } });
    const [entry] = await rows<{ changes: Record<string, unknown> }>(t.ctx, sql`select changes from audit_log where action = 'calendar.updated' and target_id = ${holiday._id}`);
    expect(entry!.changes).toEqual({ title: { from: 'Founders Day', to: 'Foundation Day' }, endDate: { from: '2031-02-10', to: '2031-02-11' } });
    const moved = await api('PATCH', `/calendar/events/${event._id}`, staff, { startDate: '2031-02-14' });
    expect(moved.json()).toMatchObject({ event: { startDate: '2031-02-14', endDate: '2031-02-14' } });

    const list = await api('GET', '/calendar/events?from=2031-02-01&to=2031-02-28', staff);
    expect((list.json() as { events: CalendarEvent[] }).events.map((e) => e.title)).toEqual(['Foundation Day', 'Blood donation camp']);
    expect((await api('GET', '/calendar/events?from=2031-02-01&to=2031-02-28&kind=event', admin)).json().events).toHaveLength(1);

    expect((await api('DELETE', `/calendar/events/${event._id}`, staff)).json()).toEqual({ message: MSG.calendarEventDeleted });
    expect(await audited('record.deleted', event._id)).toBe(1);
    expect((await api('DELETE', `/calendar/events/${event._id}`, admin)).json()).toMatchObject({ code: 'CALENDAR_EVENT_NOT_FOUND' });
  });

  it('refuses what breaks the rules with 400, and unknown departments and sections with 404', async () => {
    const bad = async (body: object, path: string, message: string) => {
      const res = await api('POST', '/calendar/events', superAdmin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    };
    await bad({ kind: 'holiday', title: 'X', startDate: '2031-03-02', endDate: '2031-03-01' }, 'endDate', MSG.calendarEndBeforeStart);
    await bad({ kind: 'holiday', title: 'X', startDate: '2031-03-02', startTime: '10:00', endTime: '11:00' }, 'startTime', MSG.calendarAllDayOnly);
    await bad({ kind: 'event', title: 'X', startDate: '2031-03-02', startTime: '10:00' }, 'endTime', MSG.calendarTimesBoth);
    await bad({ kind: 'event', title: 'X', startDate: '2031-03-02', startTime: '10:00', endTime: '09:00' }, 'endTime', MSG.calendarEndBeforeStart);
    await bad({ kind: 'event', title: ' ', startDate: '2031-03-02' }, 'title', MSG.calendarTitleRequired);
    await bad({ kind: 'party', title: 'X', startDate: '2031-03-02' }, 'kind', MSG.calendarKindInvalid);
    await bad({ kind: 'event', title: 'X', startDate: '02-03-2031' }, 'startDate', MSG.calendarDateInvalid);
    await bad({ kind: 'event', title: 'X', startDate: '2031-03-02', scope: 'department' }, 'departmentId', MSG.calendarDepartmentRequired);
    await bad({ kind: 'event', title: 'X', startDate: '2031-03-02', scope: 'section' }, 'sectionId', MSG.calendarSectionRequired);
    const missingDept = await api('POST', '/calendar/events', admin, { kind: 'event', title: 'X', startDate: '2031-03-02', scope: 'department', departmentId: crypto.randomUUID() });
    expect(missingDept.statusCode).toBe(404);
    expect(missingDept.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
    const missingSection = await api('POST', '/calendar/events', admin, { kind: 'event', title: 'X', startDate: '2031-03-02', scope: 'section', sectionId: crypto.randomUUID() });
    expect(missingSection.statusCode).toBe(404);
    expect(missingSection.json()).toMatchObject({ code: 'SECTION_NOT_FOUND' });
    // A change is checked as a whole: times added to a holiday are refused.
    const h = await addEntry(admin, { kind: 'holiday', title: 'Checked', startDate: '2031-03-05' });
    const patched = await api('PATCH', `/calendar/events/${h._id}`, admin, { startTime: '10:00', endTime: '11:00' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toContainEqual({ path: 'startTime', message: MSG.calendarAllDayOnly });
    expect((await api('PATCH', `/calendar/events/${crypto.randomUUID()}`, admin, { title: 'Y' })).statusCode).toBe(404);
    expect(await countRows(t.ctx, 'calendar_events', `title = 'X'`)).toBe(0);
    // GET /calendar answers at most 366 days.
    const long = await api('GET', '/calendar?from=2031-01-01&to=2032-01-02', admin);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'RANGE_TOO_LONG', message: MSG.calendarRangeTooLong });
    expect((await api('GET', '/calendar?from=2031-01-01&to=2031-12-31', admin)).statusCode).toBe(200);
  });
});

// One twelve-week term around today, Monday to Sunday; a weekly Monday class; a college holiday on its third Monday.
const termStart = () => addDays(addDays(today(), -21), 1 - weekdayOf(addDays(today(), -21)));
const termEnd = () => addDays(termStart(), 83);
const items = (res: { json(): unknown }) => calendarResponse.parse(res.json()).items;

describe('a person’s calendar, attendance on holidays and the feed', () => {
  let a: Awaited<ReturnType<typeof assignmentFixture>>;
  let b: Awaited<ReturnType<typeof assignmentFixture>>;
  let teacher: Awaited<ReturnType<typeof person>>;
  let slotId: string;
  let holidayDate: string;
  beforeAll(async () => {
    const saved = await api('PATCH', '/settings', superAdmin, { terms: [{ name: 'Test term', start: termStart(), end: termEnd() }] });
    expect(saved.statusCode, saved.body).toBe(200);
    teacher = await person(t, 'Teacher');
    a = await assignmentFixture(t, admin, teacher.user.id, 2);
    b = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 1);
    slotId = (await addSlot(t, admin, { assignmentId: a.assignment._id, weekday: 1, start: '09:00', end: '10:00', room: 'R-101' })).slot._id;
    await addSlot(t, admin, { assignmentId: b.assignment._id, weekday: 1, start: '11:00', end: '12:00', room: 'R-202' });
    holidayDate = addDays(termStart(), 14);
    await addEntry(admin, { kind: 'holiday', title: 'Term holiday', startDate: holidayDate });
    await addEntry(admin, { kind: 'holiday', title: 'Section B day off', startDate: addDays(termStart(), 21), scope: 'section', sectionId: b.section._id });
    await addEntry(staff, { kind: 'event', title: 'Department A seminar', startDate: addDays(termStart(), 3), startTime: '14:00', endTime: '16:00', scope: 'department', departmentId: a.department._id });
    await post(t, teacher.auth, '/assessment/exams', { subjectId: a.subject._id, sectionId: a.section._id, name: 'Mid-term test', kind: 'mid-term', maxMarks: 50, weight: 20, date: addDays(termStart(), 30) });
  });

  it('gives each role what concerns them, classes every week of the term except on the section’s holidays', async () => {
    const range = `from=${termStart()}&to=${termEnd()}`;
    const mine = items(await api('GET', `/calendar?${range}`, a.students[0]!.auth));
    const classes = mine.filter((i) => i.type === 'class');
    expect(classes).toHaveLength(11);
    expect(classes.map((c) => c.date)).not.toContain(holidayDate);
    expect(classes[0]).toMatchObject({ id: `class:${slotId}:${termStart()}`, start: '09:00', end: '10:00', title: `${a.subject.code} ${a.subject.name}`, detail: `${a.section.name} · R-101` });
    const titles = mine.filter((i) => i.type !== 'class').map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining(['Term holiday', 'Department A seminar', `${a.subject.code} Mid-term test`]));
    expect(titles).not.toContain('Section B day off');
    expect(mine.find((i) => i.title === 'Term holiday')!.eventId).toBeNull();
    // Sorted: by date, all-day first.
    expect(mine.map((i) => i.date)).toEqual([...mine.map((i) => i.date)].sort());

    const other = items(await api('GET', `/calendar?${range}`, b.students[0]!.auth));
    expect(other.filter((i) => i.type === 'class')).toHaveLength(10);
    expect(other.map((i) => i.title)).toEqual(expect.arrayContaining(['Term holiday', 'Section B day off']));
    expect(other.map((i) => i.title)).not.toContain('Department A seminar');
    expect(other.some((i) => i.type === 'exam')).toBe(false);

    const taught = items(await api('GET', `/calendar?${range}`, teacher.auth));
    expect(taught.filter((i) => i.type === 'class')).toHaveLength(11);
    expect(taught.some((i) => i.type === 'exam')).toBe(true);

    const college = items(await api('GET', `/calendar?${range}`, staff));
    expect(college.some((i) => i.type === 'class')).toBe(false);
    expect(college.map((i) => i.title)).toEqual(expect.arrayContaining(['Term holiday', 'Section B day off', 'Department A seminar']));
    expect(college.find((i) => i.title === 'Department A seminar')!.eventId).not.toBeNull();
    const answer = (await api('GET', `/calendar?${range}`, staff)).json() as CalendarAnswer;
    expect(answer.terms).toEqual([{ name: 'Test term', start: termStart(), end: termEnd() }]);
  });

  it('shows a student the due date of their open loan and the deadline of a job they can apply to', async () => {
    const librarian = (await loginAs(t, ['Librarian'])).auth;
    const student = a.students[0]!;
    const book = await addBook(t, librarian, { title: 'Engineering Mathematics' });
    const loan = await lend(t, librarian, book._id, student.user.id);
    const job = await post<{ job: { _id: string } }>(t, staff, '/placement/jobs', { company: 'Infosys', role: 'Systems Engineer', packageLpa: 4, deadline: addDays(today(), 9) });
    const got = items(await api('GET', `/calendar?from=${today()}&to=${addDays(today(), 40)}`, student.auth));
    const due = collegeClock(t.ctx.config.timeZone, new Date(loan.dueOn)).date;
    expect(got).toContainEqual(expect.objectContaining({ id: `loan:${loan._id}`, type: 'library-due', title: MSG.calendarLibraryDue('Engineering Mathematics'), date: due }));
    expect(got).toContainEqual(expect.objectContaining({ id: `job:${job.job._id}`, type: 'placement-deadline', title: MSG.calendarPlacementDeadline('Infosys', 'Systems Engineer'), date: addDays(today(), 9) }));
    // Not another student's.
    const theirs = items(await api('GET', `/calendar?from=${today()}&to=${addDays(today(), 40)}`, a.students[1]!.auth));
    expect(theirs.some((i) => i.type === 'library-due')).toBe(false);
  });

  it('refuses a regular session on a holiday of the section and outside the term (409), accepts it declared extra, and counts only sessions held', async () => {
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const yesterday = addDays(today(), -1);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(yesterday), start: '10:00', end: '11:00', room: 'R-3' });
    const before = addDays(termStart(), -7);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: 1, start: '08:00', end: '09:00', room: 'R-3' });
    await addEntry(admin, { kind: 'holiday', title: 'Section C foundation day', startDate: yesterday, scope: 'section', sectionId: c.section._id });
    const student = c.students[0]!;
    const session = (auth: Auth, date: string, start: string, status: string, extra?: boolean) =>
      api('PUT', '/attendance/sessions', auth, { assignmentId: c.assignment._id, date, start, records: [{ studentId: student.user.id, status }], ...(extra && { extra, end: start === '10:00' ? '11:00' : '09:00' }) });

    const onHoliday = await session(teacher.auth, yesterday, '10:00', 'present');
    expect(onHoliday.statusCode).toBe(409);
    expect(onHoliday.json()).toEqual({ code: 'SESSION_ON_HOLIDAY', message: MSG.sessionOnHoliday('Section C foundation day') });
    const outside = await session(admin, before, '08:00', 'present');
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toEqual({ code: 'SESSION_OUTSIDE_TERM', message: MSG.sessionOutsideTerm });
    expect(await countRows(t.ctx, 'attendance_sessions', `assignment_id = '${c.assignment._id}'`)).toBe(0);

    const extra = await session(teacher.auth, yesterday, '10:00', 'present', true);
    expect(extra.statusCode, extra.body).toBe(200);
    expect(extra.json()).toMatchObject({ created: true, extra: true });
    const extraOutside = await session(admin, before, '08:00', 'absent', true);
    expect(extraOutside.statusCode, extraOutside.body).toBe(200);
    // A regular week's class (not a holiday: the term's college holiday is a Monday two weeks in) is recorded as usual.
    const regularDate = addDays(yesterday, -7) === holidayDate ? addDays(yesterday, -14) : addDays(yesterday, -7);
    const regular = await session(admin, regularDate, '10:00', 'absent');
    expect(regular.statusCode, regular.body).toBe(200);
    expect(regular.json()).toMatchObject({ extra: false });

    // The percentage counts the three sessions held, nothing for the refused ones.
    const mine = (await api('GET', '/attendance/me', student.auth)).json() as { overall: { attended: number; marked: number } };
    expect(mine.overall).toMatchObject({ attended: 1, marked: 3 });
  });

  it("shows a teacher's class on its section's holiday as not held (today's classes, the day's list), never running nor next; an extra class saved then is held", async () => {
    const own = await person(t, 'Teacher');
    const off = await assignmentFixture(t, admin, own.user.id, 1);
    const on = await assignmentFixture(t, admin, own.user.id, 0);
    const day = today();
    await addSlot(t, admin, { assignmentId: off.assignment._id, weekday: weekdayOf(day), start: '22:00', end: '23:00', room: 'H-1' });
    await addSlot(t, admin, { assignmentId: on.assignment._id, weekday: weekdayOf(day), start: '23:00', end: '23:59', room: 'H-2' });
    const sportsDay = await addEntry(admin, { kind: 'holiday', title: 'Section H sports day', startDate: day, scope: 'section', sectionId: off.section._id });
    type Day = { classes: Array<{ assignmentId: string; holiday: string | null; sessionId: string | null; extra: boolean; timing: string }> };
    const byClass = (d: Day) => new Map(d.classes.map((c) => [c.assignmentId, c]));
    for (const url of ['/attendance/today', `/attendance/classes?date=${day}`]) {
      const res = await api('GET', url, own.auth);
      expect(res.statusCode, res.body).toBe(200);
      const got = byClass(res.json() as Day);
      expect(got.get(off.assignment._id)).toMatchObject({ holiday: 'Section H sports day', sessionId: null, extra: false });
      expect(['done', 'later']).toContain(got.get(off.assignment._id)!.timing);
      expect(got.get(on.assignment._id)).toMatchObject({ holiday: null });
      // The class after the holiday's is the next one while the day has not reached it.
      if (got.get(on.assignment._id)!.timing !== 'done' && got.get(on.assignment._id)!.timing !== 'now') expect(got.get(on.assignment._id)!.timing).toBe('next');
    }
    // As saveSession says: refused as a regular class, held as a declared extra class.
    const body = { assignmentId: off.assignment._id, date: day, start: '22:00', records: [{ studentId: off.students[0]!.user.id, status: 'present' }] };
    const refused = await api('PUT', '/attendance/sessions', own.auth, body);
    expect(refused.json()).toEqual({ code: 'SESSION_ON_HOLIDAY', message: MSG.sessionOnHoliday('Section H sports day') });
    expect((await api('PUT', '/attendance/sessions', own.auth, { ...body, extra: true, end: '23:00' })).statusCode).toBe(200);
    const held = byClass((await api('GET', '/attendance/today', own.auth)).json() as Day).get(off.assignment._id)!;
    expect(held).toMatchObject({ holiday: null, extra: true });
    expect(held.sessionId).not.toBeNull();
    // The day is the other tests' again (their next holiday).
    expect((await api('DELETE', `/calendar/events/${sportsDay._id}`, admin)).statusCode).toBe(200);
  });

  it('serves a private iCal feed: weekly class with the holiday excluded, VTIMEZONE, rotation and revocation', async () => {
    const first = await api('GET', '/calendar/feed', a.students[0]!.auth);
    expect(first.statusCode).toBe(200);
    const { url } = first.json() as { url: string };
    expect((await api('GET', '/calendar/feed', a.students[0]!.auth)).json()).toEqual({ url });
    const m = /^http:\/\/crs\.test\/api\/v1\/calendar\/feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(url);
    expect(m).not.toBeNull();
    expect(Buffer.from(m![1]!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await countRows(t.ctx, 'calendar_feeds', `secret_hash = '${m![1]}'`)).toBe(0);

    const path = url.slice('http://crs.test'.length);
    const res = await t.app.inject({ url: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const tz = t.ctx.config.timeZone;
    expect(res.body).toContain('BEGIN:VTIMEZONE');
    expect(res.body).toContain(`TZID:${tz}`);

    const parsed = nodeIcal.sync.parseICS(res.body);
    const events = Object.values(parsed).filter((x) => x?.type === 'VEVENT') as nodeIcal.VEvent[];
    const cls = events.find((e) => e.uid.startsWith(`class-${slotId}-`))!;
    expect(cls).toBeDefined();
    expect(cls.rrule).toBeDefined();
    const all = cls.rrule!.between(new Date(`${termStart()}T00:00:00Z`), new Date(`${addDays(termEnd(), 1)}T00:00:00Z`), true);
    expect(all).toHaveLength(12);
    const excluded = Object.values(cls.exdate ?? {}).map((d) => (d as Date).getTime());
    const held = all.filter((d) => !excluded.includes(d.getTime()));
    expect(held).toHaveLength(11);
    expect(held.map((d) => collegeClock(tz, d).date)).not.toContain(holidayDate);
    expect(all.every((d) => collegeClock(tz, d).minutes === 9 * 60)).toBe(true);
    expect(Number(cls.sequence)).toBeGreaterThan(0);
    const holiday = events.find((e) => e.summary === 'Term holiday')!;
    expect(holiday.datetype).toBe('date');
    expect(events.some((e) => e.summary === 'Section B day off')).toBe(false);
    expect(events.some((e) => String(e.summary).includes('Mid-term test'))).toBe(true);

    const rotated = await api('POST', '/calendar/feed/rotate', a.students[0]!.auth);
    const next = (rotated.json() as { url: string }).url;
    expect(next).not.toBe(url);
    const gone = await t.app.inject({ url: path });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND', message: MSG.calendarFeedNotFound });
    expect((await t.app.inject({ url: next.slice('http://crs.test'.length) })).statusCode).toBe(200);
    expect(await audited('calendar.feed_rotated', a.students[0]!.user.id)).toBe(1);

    expect((await api('DELETE', '/calendar/feed', a.students[0]!.auth)).json()).toEqual({ message: MSG.calendarFeedRevoked });
    expect((await t.app.inject({ url: next.slice('http://crs.test'.length) })).statusCode).toBe(404);
    expect(await audited('calendar.feed_revoked', a.students[0]!.user.id)).toBe(1);
    expect((await t.app.inject({ url: '/api/v1/calendar/feeds/not-a-secret.ics' })).statusCode).toBe(404);
  });

  it("keeps a class's UID when its slot changes and gives it a higher SEQUENCE (the phone updates the event)", async () => {
    const student = a.students[1]!;
    const feed = async () => {
      const { url } = (await api('GET', '/calendar/feed', student.auth)).json() as { url: string };
      const res = await t.app.inject({ url: url.slice('http://crs.test'.length) });
      expect(res.statusCode, res.body).toBe(200);
      const events = Object.values(nodeIcal.sync.parseICS(res.body)).filter((x) => x?.type === 'VEVENT') as nodeIcal.VEvent[];
      return events.find((e) => e.uid.startsWith(`class-${slotId}-`))!;
    };
    const before = await feed();
    expect(before.location).toBe('R-101');
    // SEQUENCE counts seconds: the change lands in a later second than anything the class has.
    await new Promise((r) => setTimeout(r, 1100));
    const moved = await api('PATCH', `/academics/timetable/${slotId}`, admin, { room: 'R-105' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await feed();
    expect(after.uid).toBe(before.uid);
    expect(after.location).toBe('R-105');
    expect(Number(after.sequence)).toBeGreaterThan(Number(before.sequence));
    expect((await api('PATCH', `/academics/timetable/${slotId}`, admin, { room: 'R-101' })).statusCode).toBe(200);
  });

  it('answers the next holiday and event that concern the caller, from today', async () => {
    await addEntry(admin, { kind: 'holiday', title: 'Section B tomorrow', startDate: addDays(today(), 1), scope: 'section', sectionId: b.section._id });
    await addEntry(admin, { kind: 'holiday', title: 'Department A break', startDate: addDays(today(), 2), endDate: addDays(today(), 3), scope: 'department', departmentId: a.department._id });
    await addEntry(staff, { kind: 'event', title: 'Open day', startDate: today(), startTime: '00:00', endTime: '23:59' });
    const forA = upcomingResponse.parse((await api('GET', '/calendar/upcoming', a.students[0]!.auth)).json());
    expect(forA.nextHoliday).toMatchObject({ title: 'Department A break', type: 'holiday', date: addDays(today(), 2), endDate: addDays(today(), 3), eventId: null });
    expect(forA.nextEvent).toMatchObject({ title: 'Open day', start: '00:00', end: '23:59' });
    const forB = upcomingResponse.parse((await api('GET', '/calendar/upcoming', b.students[0]!.auth)).json());
    expect(forB.nextHoliday?.title).toBe('Section B tomorrow');
    const forStaff = upcomingResponse.parse((await api('GET', '/calendar/upcoming', staff)).json());
    expect(forStaff.nextHoliday?.title).toBe('Section B tomorrow');
    expect(forStaff.nextEvent?.eventId).not.toBeNull();
  });
});

describe('holiday import', () => {
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
  const upload = (auth: Auth, name: string, dryRun: boolean) => {
    const form = multipart(fixture(name), name);
    return t.app.inject({ method: 'POST', url: `/api/v1/calendar/holidays/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...auth, ...form.headers }, payload: form.payload });
  };
  const imported = () => countRows(t.ctx, 'calendar_events', `start_date >= '2032-01-01' and start_date <= '2032-12-31'`);

  it('previews a spreadsheet (LibreOffice .xlsx) without writing, then imports it once, audited; Staff may not', async () => {
    const { department } = await post<{ department: { _id: string } }>(t, admin, '/academics/departments', { code: 'CALX', name: 'Calendar Test Department' });
    const { section } = await post<{ section: { _id: string } }>(t, admin, '/academics/sections', { name: 'CALX-1A', departmentId: department._id, semester: 1, academicYear: '2032-33' });
    expect((await upload(staff, 'holidays.xlsx', true)).statusCode).toBe(403);

    const preview = await upload(admin, 'holidays.xlsx', true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 5, skipped: 0, errors: [] });
    expect(await imported()).toBe(0);

    const run = await upload(admin, 'holidays.xlsx', false);
    expect(run.json()).toMatchObject({ dryRun: false, created: 5, errors: [] });
    const list = (await api('GET', '/calendar/events?from=2032-01-01&to=2032-12-31&kind=holiday', admin)).json() as { events: CalendarEvent[] };
    expect(list.events.map((e) => [e.startDate, e.endDate, e.title, e.scope])).toEqual([
      ['2032-01-26', '2032-01-26', 'Republic Day', 'college'],
      ['2032-08-15', '2032-08-15', 'Independence Day', 'college'],
      ['2032-10-02', '2032-10-03', 'Gandhi Jayanti and Dussehra', 'college'],
      ['2032-11-01', '2032-11-01', 'Rajyotsava', 'department'],
      ['2032-11-02', '2032-11-02', 'Section foundation day', 'section'],
    ]);
    expect(list.events[3]!.departmentId).toBe(department._id);
    expect(list.events[4]!.sectionId).toBe(section._id);
    expect(await countRows(t.ctx, 'audit_log', `action = 'calendar.imported'`)).toBe(1);

    // Again: every row is already stored.
    expect((await upload(admin, 'holidays.xlsx', false)).json()).toMatchObject({ created: 0, skipped: 5 });
    expect(await imported()).toBe(5);
  });

  it('answers every bad row and writes nothing (all or nothing)', async () => {
    const before = await imported();
    const res = await upload(admin, 'holidays-bad.csv', false);
    expect(res.statusCode, res.body).toBe(422);
    const errors = (res.json() as { errors: Array<{ row: number; field: string | null; message: string }> }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, field: 'date', message: MSG.calendarDateInvalid }),
        expect.objectContaining({ row: 3, field: 'title', message: MSG.calendarTitleRequired }),
        expect.objectContaining({ row: 4, field: 'department', message: MSG.calendarImportDepartmentUnknown }),
      ]),
    );
    expect(errors.some((e) => e.row === 5)).toBe(false);
    expect(await imported()).toBe(before);
    const preview = await upload(admin, 'holidays-bad.csv', true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 1 });
  });
});
