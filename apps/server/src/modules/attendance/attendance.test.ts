// Attendance rules (issue 11 item 4): ownership, one session per key, correction window, future
// dates, the summary's arithmetic, a student's own reads, the register export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { MSG } from '@crs/shared/messages';
import type { AttendanceSummary, SessionAnswer, StudentAttendance } from '@crs/shared/schemas/attendance';
import { createTestApp } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
/**
 * Saves a session as a declared extra class: the fixtures' classes have no timetable, and these
 * tests are about the other rules (the timetable rule has attendance.timetable.test.ts).
 */
const put = (auth: Auth, payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/attendance/sessions', headers: auth, payload: { extra: true, end: '23:59', ...payload } });

describe('attendance sessions', () => {
  it('saves a session, and saving the same class again updates it instead of adding one', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 3);
    const [a, b, d] = c.students.map((s) => s.user.id);
    const first = await put(teacher.auth, { assignmentId: c.assignment._id, date: today(), start: '09:00', records: [{ studentId: a, status: 'present' }, { studentId: b, status: 'absent' }, { studentId: d, status: 'late' }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: true, message: MSG.attendanceSaved });
    const again = await put(teacher.auth, { assignmentId: c.assignment._id, date: today(), start: '09:00', records: [{ studentId: b, status: 'present' }] });
    expect(again.json()).toMatchObject({ created: false });
    expect(await countRows(t.ctx, 'attendance_sessions', `assignment_id = '${c.assignment._id}'`)).toBe(1);
    expect(await countRows(t.ctx, 'attendance_records', `session_id = (select id from attendance_sessions where assignment_id = '${c.assignment._id}')`)).toBe(3);
    const got = await t.app.inject({ url: `/api/v1/attendance/sessions?assignmentId=${c.assignment._id}&date=${today()}&start=09:00`, headers: teacher.auth });
    const s = got.json() as SessionAnswer;
    expect(s.students.map((x) => x.status)).toEqual(['present', 'present', 'late']);
    expect(s.students.every((x) => x.markedBy === teacher.user.name && x.markedAt)).toBe(true);
    expect(s.students[0]!.rollNumber).toMatch(/^STU\d{6}$/);
    expect(s.session?.savedBy).toBe(teacher.user.name);

    // Two saves at once still make one session.
    const both = await Promise.all([1, 2].map(() => put(teacher.auth, { assignmentId: c.assignment._id, date: today(), start: '11:00', records: [{ studentId: a, status: 'present' }] })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await countRows(t.ctx, 'attendance_sessions', `assignment_id = '${c.assignment._id}' and start_min = 660`)).toBe(1);
  });

  it("refuses a teacher marking another teacher's class (403) and a student not on the roster (400), writing nothing", async () => {
    const owner = await person(t, 'Teacher');
    const other = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, owner.user.id, 1);
    const records = [{ studentId: c.students[0]!.user.id, status: 'present' }];
    const res = await put(other.auth, { assignmentId: c.assignment._id, date: today(), start: '09:00', records });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: MSG.attendanceNotYourClass, code: 'NOT_YOUR_CLASS' });
    expect((await t.app.inject({ url: `/api/v1/attendance/sessions?assignmentId=${c.assignment._id}&date=${today()}`, headers: other.auth })).statusCode).toBe(403);
    const stranger = await person(t, 'Student');
    const bad = await put(owner.auth, { assignmentId: c.assignment._id, date: today(), start: '09:00', records: [...records, { studentId: stranger.user.id, status: 'absent' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.notEnrolled);
    expect(await countRows(t.ctx, 'attendance_sessions', `assignment_id = '${c.assignment._id}'`)).toBe(0);
    const student = await put(c.students[0]!.auth, { assignmentId: c.assignment._id, date: today(), start: '09:00', records });
    expect(student.statusCode).toBe(403);
  });

  it('refuses future dates; a teacher corrects within 7 days, after that only an Admin', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const records = [{ studentId: c.students[0]!.user.id, status: 'absent' }];
    const body = (date: string) => ({ assignmentId: c.assignment._id, date, start: '10:00', records });
    const future = await put(teacher.auth, body(addDays(today(), 1)));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: MSG.attendanceFutureDate, code: 'FUTURE_DATE' });
    expect((await put(admin, body(addDays(today(), 1)))).statusCode).toBe(400);
    expect((await put(teacher.auth, body(addDays(today(), -7)))).statusCode).toBe(200);
    const late = await put(teacher.auth, body(addDays(today(), -8)));
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ message: MSG.attendanceWindowClosed(7), code: 'CORRECTION_WINDOW_CLOSED' });
    expect((await put(admin, body(addDays(today(), -8)))).statusCode).toBe(200);
    const view = await t.app.inject({ url: `/api/v1/attendance/sessions?assignmentId=${c.assignment._id}&date=${addDays(today(), -8)}&start=10:00`, headers: teacher.auth });
    expect(view.json()).toMatchObject({ editable: false, start: '10:00' });
  });

  it('honours CRS_ATTENDANCE_CORRECTION_DAYS and CRS_ATTENDANCE_THRESHOLD', async () => {
    const t2 = await createTestApp({ CRS_ATTENDANCE_CORRECTION_DAYS: '2', CRS_ATTENDANCE_THRESHOLD: '60' });
    try {
      const a2 = (await person(t2, 'Admin')).auth;
      const teacher = await person(t2, 'Teacher');
      const c = await assignmentFixture(t2, a2, teacher.user.id, 1);
      const records = [{ studentId: c.students[0]!.user.id, status: 'present' }];
      const r = await t2.app.inject({ method: 'PUT', url: '/api/v1/attendance/sessions', headers: teacher.auth, payload: { assignmentId: c.assignment._id, date: addDays(today(), -3), start: '10:00', records } });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(MSG.attendanceWindowClosed(2));
      const s = await t2.app.inject({ url: '/api/v1/attendance/summary', headers: teacher.auth });
      expect((s.json() as AttendanceSummary).threshold).toBe(60);
    } finally {
      await t2.close();
    }
  });
});

describe('attendance summary and student reads', () => {
  it("matches a hand-computed fixture: att = (present + late) ÷ (present + late + absent), one decimal; average of the classes'", async () => {
    const teacher = await person(t, 'Teacher');
    const c1 = await assignmentFixture(t, admin, teacher.user.id, 3);
    const c2 = await assignmentFixture(t, admin, teacher.user.id, 2);
    const c3 = await assignmentFixture(t, admin, teacher.user.id, 1); // never taken
    const [p, q, r] = c1.students.map((s) => s.user.id);
    const [x, y] = c2.students.map((s) => s.user.id);
    const save = async (assignmentId: string, daysAgo: number, records: Array<[string, string]>) =>
      expect((await put(teacher.auth, { assignmentId, date: addDays(today(), -daysAgo), start: '09:00', records: records.map(([studentId, status]) => ({ studentId, status })) })).statusCode).toBe(200);
    // c1: day 1 P A L → 2/3; day 2 P P E → 2/2 (excused not counted) → 4/5 = 80.0
    await save(c1.assignment._id, 1, [[p!, 'present'], [q!, 'absent'], [r!, 'late']]);
    await save(c1.assignment._id, 2, [[p!, 'present'], [q!, 'present'], [r!, 'excused']]);
    // c2: day 1 P A, day 2 A A, day 3 P A → 2/6 = 33.3
    await save(c2.assignment._id, 1, [[x!, 'present'], [y!, 'absent']]);
    await save(c2.assignment._id, 2, [[x!, 'absent'], [y!, 'absent']]);
    await save(c2.assignment._id, 3, [[x!, 'present'], [y!, 'absent']]);
    const res = await t.app.inject({ url: '/api/v1/attendance/summary', headers: teacher.auth });
    expect(res.statusCode).toBe(200);
    const s = res.json() as AttendanceSummary;
    const by = Object.fromEntries(s.byClass.map((c) => [c.class, c]));
    expect(s.byClass).toHaveLength(3);
    expect(by[`${c1.subject.code} · ${c1.section.name}`]).toMatchObject({ att: 80, attended: 4, marked: 5, sessions: 2 });
    expect(by[`${c2.subject.code} · ${c2.section.name}`]).toMatchObject({ att: 33.3, attended: 2, marked: 6, sessions: 3 });
    expect(by[`${c3.subject.code} · ${c3.section.name}`]).toMatchObject({ att: 0, marked: 0, sessions: 0 });
    // (80 + 33.333…) / 2 = 56.666… → 56.7; the untaken class is left out of the average.
    expect(s.averageAttendance).toBe(56.7);
    // Another teacher's summary holds none of these; a student may not call it.
    const other = await person(t, 'Teacher');
    expect((await t.app.inject({ url: '/api/v1/attendance/summary', headers: other.auth })).json()).toMatchObject({ byClass: [], averageAttendance: 0 });
    expect((await t.app.inject({ url: '/api/v1/attendance/summary', headers: c1.students[0]!.auth })).statusCode).toBe(403);

    // The student's own view: q in c1 is 1/2 = 50 % (under 75 %).
    const me = (await t.app.inject({ url: '/api/v1/attendance/me', headers: c1.students[1]!.auth })).json() as StudentAttendance;
    expect(me.overall).toMatchObject({ att: 50, attended: 1, marked: 2, belowThreshold: true });
    expect(me.bySubject).toEqual([expect.objectContaining({ subjectCode: c1.subject.code, att: 50, teacher: teacher.user.name, credits: 4 })]);
    // Roster percentages on the attendance page.
    const page = (await t.app.inject({ url: `/api/v1/attendance/sessions?assignmentId=${c1.assignment._id}&date=${today()}`, headers: teacher.auth })).json() as SessionAnswer;
    expect(page.students.map((st) => [st.att, st.belowThreshold])).toEqual([
      [100, false],
      [50, true],
      [100, false],
    ]);
  });

  it("refuses a student reading another student's attendance (403); the student, their teacher and an Admin may", async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [s1, s2] = c.students;
    const url = `/api/v1/attendance/students/${s1!.user.id}`;
    const denied = await t.app.inject({ url, headers: s2!.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.attendanceOwnOnly);
    expect((await t.app.inject({ url, headers: s1!.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: teacher.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: (await person(t, 'Teacher')).auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/attendance/me', headers: teacher.auth })).statusCode).toBe(403);
  });

  it('exports the register as .xlsx and CSV with formula-looking names made inert', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    const evil = await person(t, 'Student', '=HYPERLINK("http://x","y")');
    await t.app.inject({ method: 'POST', url: `/api/v1/academics/sections/${c.section._id}/students`, headers: admin, payload: { studentIds: [evil.user.id] } });
    await put(teacher.auth, { assignmentId: c.assignment._id, date: addDays(today(), -1), start: '09:00', records: [{ studentId: evil.user.id, status: 'late' }] });
    const csv = await t.app.inject({ url: `/api/v1/attendance/register?assignmentId=${c.assignment._id}&format=csv`, headers: teacher.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).toContain(`${addDays(today(), -1)} 09:00`);
    const xlsx = await t.app.inject({ url: `/api/v1/attendance/register?assignmentId=${c.assignment._id}`, headers: teacher.auth });
    const sheet = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]).toEqual([evil.user.studentId ?? expect.any(String), `'=HYPERLINK("http://x","y")`, 'L', 1, 1, 100]);
    expect((await t.app.inject({ url: `/api/v1/attendance/register?assignmentId=${c.assignment._id}`, headers: (await person(t, 'Teacher')).auth })).statusCode).toBe(403);
  });
});
