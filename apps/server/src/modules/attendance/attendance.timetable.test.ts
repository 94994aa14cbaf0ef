// Issue 25 items 4, 5 and 13: attendance only for a timetabled class of that date or a declared
// extra class (which then shows in every list), a student's sessions per subject (the days marked
// absent), the teacher's whole day, and the audit entries of a save and of a correction.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { dayClassesResponse, subjectAttendanceDetailResponse } from '@crs/shared/schemas/attendance';
import type { AttendanceSummary, ClassTiming, SessionAnswer, StudentAttendance } from '@crs/shared/schemas/attendance';
import { auditListResponse } from '@crs/shared/schemas/audit';
import type { AuditAction } from '@crs/shared/schemas/audit';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, rows } from '../../../test/util.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import { addSlot, assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
let superAdmin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const WEEKDAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let lastOctet = 0;
const freshIp = () => `203.0.113.${(++lastOctet % 250) + 1}`;
const put = (auth: Auth, payload: object, ip = '127.0.0.1') => t.app.inject({ method: 'PUT', url: '/api/v1/attendance/sessions', headers: auth, payload, remoteAddress: ip });
const get = (auth: Auth, url: string) => t.app.inject({ url: `/api/v1${url}`, headers: auth });

describe('the timetable rule', () => {
  it('refuses a session off the timetable (409, nothing written) and accepts the timetabled class of that date', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const date = addDays(today(), -1);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(date), start: '10:00', end: '11:00', room: 'R-101' });
    const records = [{ studentId: c.students[0]!.user.id, status: 'present' }];

    const off = await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '14:00', records });
    expect(off.statusCode).toBe(409);
    const label = `${c.subject.code} · ${c.section.name}`;
    expect(off.json()).toEqual({ message: MSG.attendanceNotInTimetable(label, WEEKDAY[weekdayOf(date) - 1]!, '14:00'), code: 'NOT_IN_TIMETABLE' });
    // The slot's weekday but another date of another weekday: refused too; so is an Admin.
    expect((await put(teacher.auth, { assignmentId: c.assignment._id, date: addDays(date, -1), start: '10:00', records })).statusCode).toBe(409);
    expect((await put(admin, { assignmentId: c.assignment._id, date, start: '14:00', records })).statusCode).toBe(409);
    expect(await countRows(t.ctx, 'attendance_sessions', `assignment_id = '${c.assignment._id}'`)).toBe(0);

    const ok = await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '10:00', records });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ created: true, extra: false, start: '10:00', end: '11:00' });
    // Declaring a timetabled class "extra" does not make it one.
    const again = await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '10:00', extra: true, end: '11:00', records });
    expect(again.json()).toMatchObject({ created: false, extra: false });
  });

  it('an extra class needs its end; once saved it is counted and shows in the day, the register, the summary and the student views', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [s1, s2] = c.students;
    const date = addDays(today(), -2);
    const noEnd = await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '16:00', extra: true, records: [{ studentId: s1!.user.id, status: 'present' }] });
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json().errors).toEqual([{ path: 'end', message: MSG.attendanceExtraEnd }]);
    const backwards = await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '16:00', extra: true, end: '15:00', records: [{ studentId: s1!.user.id, status: 'present' }] });
    expect(backwards.statusCode).toBe(400);

    const saved = await put(teacher.auth, {
      assignmentId: c.assignment._id,
      date,
      start: '16:00',
      extra: true,
      end: '17:30',
      records: [
        { studentId: s1!.user.id, status: 'present' },
        { studentId: s2!.user.id, status: 'absent' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ created: true, extra: true, start: '16:00', end: '17:30' });
    // Correcting it later needs no declaration: the session exists.
    expect((await put(teacher.auth, { assignmentId: c.assignment._id, date, start: '16:00', records: [{ studentId: s2!.user.id, status: 'absent' }] })).statusCode).toBe(200);

    // The attendance page's list of that date holds it (no slot that weekday).
    const day = dayClassesResponse.parse((await get(teacher.auth, `/attendance/classes?date=${date}`)).json());
    expect(day.classes).toEqual([expect.objectContaining({ assignmentId: c.assignment._id, start: '16:00', end: '17:30', extra: true, room: '', sessionId: saved.json().session._id, timing: 'done' })]);
    // Its roster opens at its start without one being given.
    expect(((await get(teacher.auth, `/attendance/sessions?assignmentId=${c.assignment._id}&date=${date}`)).json() as SessionAnswer).start).toBe('16:00');
    // Register column, summary, the student's percentage and detail.
    const csv = await get(teacher.auth, `/attendance/register?assignmentId=${c.assignment._id}&format=csv`);
    expect(csv.body).toContain(`${date} 16:00 (extra)`);
    const summary = (await get(teacher.auth, '/attendance/summary')).json() as AttendanceSummary;
    expect(summary.byClass).toEqual([expect.objectContaining({ assignmentId: c.assignment._id, sessions: 1, attended: 1, marked: 2 })]);
    const me = (await get(s2!.auth, '/attendance/me')).json() as StudentAttendance;
    expect(me.overall).toMatchObject({ attended: 0, marked: 1 });
    const detail = subjectAttendanceDetailResponse.parse((await get(s2!.auth, `/attendance/me/subjects/${c.assignment._id}`)).json());
    expect(detail.sessions).toEqual([{ sessionId: saved.json().session._id, date, start: '16:00', end: '17:30', extra: true, status: 'absent' }]);
  });

  it('migration 0018 marks sessions saved before the rule at a time no slot starts as extra, and only those', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const date = addDays(today(), -1);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(date), start: '09:00', end: '10:00', room: 'R-M' });
    // As the table held them before the rule: one at the slot's start, one off it, neither flagged.
    await t.ctx.db.execute(sql`insert into attendance_sessions (assignment_id, date, start_min) values (${c.assignment._id}, ${date}, 540), (${c.assignment._id}, ${date}, 900)`);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0018_attendance_extra_class.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((x) => x.includes('UPDATE'))!;
    await t.ctx.db.execute(sql.raw(backfill));
    const flagged = await rows<{ start_min: number; extra: boolean }>(t.ctx, sql`select start_min, extra from attendance_sessions where assignment_id = ${c.assignment._id} order by start_min`);
    expect(flagged).toEqual([
      { start_min: 540, extra: false },
      { start_min: 900, extra: true },
    ]);
  });
});

describe("a student's sessions per subject", () => {
  it('lists every session with date, time and status, newest first, so the absent days show; the same for those who may read the student', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [s1, s2] = c.students;
    // Two timetabled days a week apart-ish: the weekdays of 3 and 1 days ago.
    const d3 = addDays(today(), -3);
    const d1 = addDays(today(), -1);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(d3), start: '09:00', end: '10:00', room: 'R-7' });
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(d1), start: '11:15', end: '12:15', room: 'R-7' });
    expect((await put(teacher.auth, { assignmentId: c.assignment._id, date: d3, start: '09:00', records: [{ studentId: s1!.user.id, status: 'absent' }, { studentId: s2!.user.id, status: 'present' }] })).statusCode).toBe(200);
    expect((await put(teacher.auth, { assignmentId: c.assignment._id, date: d1, start: '11:15', records: [{ studentId: s2!.user.id, status: 'late' }] })).statusCode).toBe(200);

    const url = `/attendance/students/${s1!.user.id}/subjects/${c.assignment._id}`;
    const mine = await get(s1!.auth, `/attendance/me/subjects/${c.assignment._id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const detail = subjectAttendanceDetailResponse.parse(mine.json());
    expect(detail).toMatchObject({ assignmentId: c.assignment._id, subjectCode: c.subject.code, section: c.section.name, teacher: teacher.user.name, attended: 0, marked: 1, att: 0, belowThreshold: true });
    expect(detail.sessions.map(({ date, start, end, status, extra }) => ({ date, start, end, status, extra }))).toEqual([
      { date: d1, start: '11:15', end: '12:15', status: null, extra: false },
      { date: d3, start: '09:00', end: '10:00', status: 'absent', extra: false },
    ]);
    for (const who of [s1!.auth, teacher.auth, admin]) expect((await get(who, url)).json()).toEqual(mine.json());

    // Another student, another teacher: 403. Not the student's course, or a student id of nobody: 404.
    const denied = await get(s2!.auth, url);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.attendanceOwnOnly);
    expect((await get((await person(t, 'Teacher')).auth, url)).statusCode).toBe(403);
    const other = await assignmentFixture(t, admin, teacher.user.id, 0);
    const notMine = await get(s1!.auth, `/attendance/me/subjects/${other.assignment._id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ message: MSG.attendanceCourseNotFound, code: 'COURSE_NOT_FOUND' });
    expect((await get(admin, `/attendance/students/${s1!.user.id}/subjects/${other.assignment._id}`)).statusCode).toBe(404);
    expect((await get(s1!.auth, '/attendance/me/subjects/not-a-uuid')).statusCode).toBe(400);
    expect((await get(teacher.auth, `/attendance/me/subjects/${c.assignment._id}`)).statusCode).toBe(403);
  });
});

describe("the teacher's whole day", () => {
  it('lists every class of today, ended ones too, with attendance taken or not, and marks the running and the next one', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const wd = collegeClock(t.ctx.config.timeZone).weekday;
    const starts = ['00:00', '06:00', '12:00', '18:00'];
    for (const [i, start] of starts.entries()) await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: wd, start, end: i === 3 ? '23:59' : `${String(6 * (i + 1)).padStart(2, '0')}:00`, room: `R-${i}` });
    const taken = await put(teacher.auth, { assignmentId: c.assignment._id, date: today(), start: '00:00', records: [{ studentId: c.students[0]!.user.id, status: 'present' }] });
    expect(taken.statusCode, taken.body).toBe(200);

    const res = await get(teacher.auth, '/attendance/today');
    expect(res.statusCode, res.body).toBe(200);
    const day = dayClassesResponse.parse(res.json());
    expect(day.date).toBe(today());
    expect(day.classes.map((x) => x.start)).toEqual(starts);
    expect(day.classes.map((x) => x.sessionId !== null)).toEqual([true, false, false, false]);
    // Each class's timing agrees with the college's time the answer gives.
    const expected: ClassTiming[] = day.classes.map((x) => (x.end! <= day.now ? 'done' : x.start <= day.now ? 'now' : 'later'));
    const next = expected.indexOf('later');
    if (next >= 0) expected[next] = 'next';
    expect(day.classes.map((x) => x.timing)).toEqual(expected);
    // The spec's upcoming classes keep their contract: what has not ended yet.
    const upcoming = (await get(teacher.auth, '/teachers/upcoming-classes')).json() as { classes: Array<{ start: string }> };
    expect(upcoming.classes.map((x) => x.start)).toEqual(day.classes.filter((x) => x.timing !== 'done').map((x) => x.start));
    // Only the caller's own classes, also for an Admin (who teaches none here); a student may not ask.
    expect(dayClassesResponse.parse((await get(admin, '/attendance/today')).json()).classes).toEqual([]);
    expect((await get(c.students[0]!.auth, '/attendance/today')).statusCode).toBe(403);
  });
});

describe('audit', () => {
  const auditOf = async (action: AuditAction, ip: string) => {
    const res = await get(superAdmin, `/audit?pageSize=100&action=${action}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditListResponse.parse(res.json()).entries.filter((e) => e.ip === ip);
  };

  it('records a save (counts) and a correction (each changed status before and after), in System Logs by action; an unchanged save records nothing', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 3);
    const [a, b, d] = c.students;
    const date = addDays(today(), -1);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: weekdayOf(date), start: '09:00', end: '10:00', room: 'R-9' });
    const ip = freshIp();
    const body = (records: Array<[string, string]>) => ({ assignmentId: c.assignment._id, date, start: '09:00', records: records.map(([studentId, status]) => ({ studentId, status })) });
    const first = await put(teacher.auth, body([[a!.user.id, 'present'], [b!.user.id, 'present'], [d!.user.id, 'absent']]), ip);
    expect(first.statusCode, first.body).toBe(200);
    const sessionId = first.json().session._id as string;
    const label = `${c.subject.code} · ${c.section.name}, ${date} 09:00`;

    const [saved, ...more] = await auditOf('attendance.saved', ip);
    expect(more).toEqual([]);
    expect(saved).toMatchObject({
      action: 'attendance.saved',
      actor: { id: teacher.user.id, name: teacher.user.name, email: teacher.user.email },
      ip,
      target: { type: 'attendance_session', id: sessionId, label },
      details: { class: `${c.subject.code} · ${c.section.name}`, date, start: '09:00', extra: false, records: 3, statuses: { present: 2, absent: 1 } },
    });
    expect(Date.now() - Date.parse(saved!.at)).toBeLessThan(60_000);

    // The same statuses again: nothing changed, nothing recorded.
    await put(teacher.auth, body([[a!.user.id, 'present']]), ip);
    expect(await auditOf('attendance.corrected', ip)).toEqual([]);

    // b was marked present by mistake; d came late. An Admin corrects both, a stays.
    const ip2 = freshIp();
    expect((await put(admin, body([[a!.user.id, 'present'], [b!.user.id, 'absent'], [d!.user.id, 'late']]), ip2)).statusCode).toBe(200);
    const [corrected, ...others] = await auditOf('attendance.corrected', ip2);
    expect(others).toEqual([]);
    expect(corrected).toMatchObject({
      target: { type: 'attendance_session', id: sessionId, label },
      changes: {
        [`${b!.user.studentId} ${b!.user.name}`]: { from: 'present', to: 'absent' },
        [`${d!.user.studentId} ${d!.user.name}`]: { from: 'absent', to: 'late' },
      },
      details: { records: 2, date, start: '09:00' },
    });
    expect(Object.keys(corrected!.changes)).toHaveLength(2);
    expect(await auditOf('attendance.saved', ip2)).toEqual([]);

    // A refused save records nothing.
    const ip3 = freshIp();
    expect((await put(teacher.auth, { ...body([[a!.user.id, 'absent']]), start: '15:00' }, ip3)).statusCode).toBe(409);
    const left = await rows<{ n: number }>(t.ctx, sql`select count(*)::int as n from audit_log where ip = ${ip3}`);
    expect(left[0]!.n).toBe(0);
  });
});
