// The academic structure's API: CRUD with clear refusals, double-booking refused by the database,
// the teacher and student reads, and imports of LibreOffice-made files (all-or-nothing).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Department, TimetableSlot } from '@crs/shared/schemas/academics';
import type { ImportResult } from '@crs/shared/schemas/import';
import { createTestApp, createUser } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import { addSlot, assignmentFixture, person, post } from './academics.fixtures.ts';
import type { Auth } from './academics.fixtures.ts';
import { upcomingClasses } from './academics.own.ts';

let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/import/academics');

function upload(url: string, file: string, auth: Auth = admin) {
  const bytes = readFileSync(path.join(fixtures, file));
  const boundary = '----crs-academics';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('academic structure CRUD', () => {
  it('creates, lists, changes and deletes a department; refuses a taken code and a department in use', async () => {
    const { department } = await post<{ department: Department }>(t, admin, '/academics/departments', { code: 'mech', name: 'Mechanical Engineering' });
    expect(department).toMatchObject({ code: 'MECH', subjects: 0, sections: 0 });
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/academics/departments', headers: admin, payload: { code: 'MECH', name: 'Again' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: MSG.departmentCodeTaken, code: 'DEPARTMENT_CODE_TAKEN' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/academics/departments', headers: admin, payload: { code: 'M E', name: '' } });
    expect(bad.statusCode).toBe(400);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/academics/departments/${department._id}`, headers: admin, payload: { name: 'Mechanical and Automation Engineering' } });
    expect(patched.json().department.name).toBe('Mechanical and Automation Engineering');
    await post(t, admin, '/academics/subjects', { code: 'MA301', name: 'Kinematics', departmentId: department._id, semester: 3, credits: 4 });
    const inUse = await t.app.inject({ method: 'DELETE', url: `/api/v1/academics/departments/${department._id}`, headers: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MSG.departmentInUse);
    const list = await t.app.inject({ url: '/api/v1/academics/departments', headers: admin });
    expect(list.json().departments.find((d: Department) => d._id === department._id)).toMatchObject({ subjects: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/academics/departments/${crypto.randomUUID()}`, headers: admin })).statusCode).toBe(404);
  });

  it('is for Admin and SuperAdmin only; a Teacher or Student gets 403', async () => {
    for (const role of ['Teacher', 'Student', 'Staff'] as const) {
      const p = await person(t, role as 'Teacher');
      expect((await t.app.inject({ url: '/api/v1/academics/subjects', headers: p.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/academics/departments', headers: p.auth, payload: { code: 'X', name: 'X' } })).statusCode).toBe(403);
    }
  });

  it('enrols active students once, refuses others, lists the roster by roll number and removes a student', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const again = await post<{ enrolled: number; alreadyEnrolled: number }>(t, admin, `/academics/sections/${c.section._id}/students`, { studentIds: [c.students[0]!.user.id] }, 200);
    expect(again).toMatchObject({ enrolled: 0, alreadyEnrolled: 1 });
    const notStudent = await t.app.inject({ method: 'POST', url: `/api/v1/academics/sections/${c.section._id}/students`, headers: admin, payload: { studentIds: [teacher.user.id] } });
    expect(notStudent.statusCode).toBe(400);
    const roster = (await t.app.inject({ url: `/api/v1/academics/sections/${c.section._id}/students`, headers: admin })).json();
    expect(roster.total).toBe(2);
    expect(roster.students[0].studentId < roster.students[1].studentId).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/academics/sections/${c.section._id}/students/${c.students[0]!.user.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/academics/sections/${c.section._id}/students/${c.students[0]!.user.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('keeps one teacher per subject and section, and refuses a non-teacher', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/academics/assignments', headers: admin, payload: { teacherId: teacher.user.id, subjectId: c.subject._id, sectionId: c.section._id } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.assignmentTaken);
    const student = await createUser(t.ctx, { roles: ['Student'] });
    const other = await assignmentFixture(t, admin, teacher.user.id, 0);
    const notTeacher = await t.app.inject({ method: 'POST', url: '/api/v1/academics/assignments', headers: admin, payload: { teacherId: student.id, subjectId: other.subject._id, sectionId: c.section._id } });
    expect(notTeacher.statusCode).toBe(400);
    expect(notTeacher.json().errors).toEqual([{ path: 'teacherId', message: MSG.teacherNotFound }]);
  });
});

describe('timetable double-booking', () => {
  it('refuses a teacher, a section or a room booked twice at overlapping times (409); back-to-back classes are fine', async () => {
    const teacher = await person(t, 'Teacher');
    const a = await assignmentFixture(t, admin, teacher.user.id, 0);
    const b = await assignmentFixture(t, admin, teacher.user.id, 0);
    const otherTeacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, otherTeacher.user.id, 0);
    await addSlot(t, admin, { assignmentId: a.assignment._id, weekday: 2, start: '09:00', end: '10:00', room: 'CSE-201' });
    const clash = async (body: Record<string, unknown>, message: string, code: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/academics/timetable', headers: admin, payload: body });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message, code });
    };
    // Same teacher (other section), overlapping.
    await clash({ assignmentId: b.assignment._id, weekday: 2, start: '09:30', end: '10:30', room: 'CSE-202' }, MSG.teacherDoubleBooked, 'TEACHER_DOUBLE_BOOKED');
    // Same room, other teacher and section; the room matches whatever its case.
    await clash({ assignmentId: c.assignment._id, weekday: 2, start: '09:59', end: '11:00', room: 'cse-201' }, MSG.roomDoubleBooked, 'ROOM_DOUBLE_BOOKED');
    // Same section, other teacher (a second subject of section a).
    const subject2 = await post<{ subject: { _id: string } }>(t, admin, '/academics/subjects', { code: 'SX999', name: 'Second', departmentId: a.department._id, semester: 3, credits: 3 });
    const a2 = await post<{ assignment: { _id: string } }>(t, admin, '/academics/assignments', { teacherId: otherTeacher.user.id, subjectId: subject2.subject._id, sectionId: a.section._id });
    await clash({ assignmentId: a2.assignment._id, weekday: 2, start: '08:30', end: '09:30', room: 'LAB-1' }, MSG.sectionDoubleBooked, 'SECTION_DOUBLE_BOOKED');
    // Back to back, another weekday, an evening class: all fine.
    await addSlot(t, admin, { assignmentId: b.assignment._id, weekday: 2, start: '10:00', end: '11:00', room: 'CSE-201' });
    await addSlot(t, admin, { assignmentId: b.assignment._id, weekday: 3, start: '09:00', end: '10:00', room: 'CSE-201' });
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: 5, start: '18:30', end: '20:00', room: 'CSE-201' });
    // Moving a slot onto a busy time is refused too, and changes nothing.
    const { slot } = await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: 4, start: '09:00', end: '10:00', room: 'CSE-205' });
    const move = await t.app.inject({ method: 'PATCH', url: `/api/v1/academics/timetable/${slot._id}`, headers: admin, payload: { weekday: 2, room: 'CSE-201' } });
    expect(move.statusCode).toBe(409);
    // Handing section a's class to a teacher busy at its time is refused (the slot follows the assignment).
    const busyTeacher = (await t.app.inject({ method: 'PATCH', url: `/api/v1/academics/assignments/${a2.assignment._id}`, headers: admin, payload: { teacherId: teacher.user.id } })).statusCode;
    expect(busyTeacher).toBe(200); // a2 has no slots yet
    const handOver = await t.app.inject({ method: 'PATCH', url: `/api/v1/academics/assignments/${c.assignment._id}`, headers: admin, payload: { teacherId: teacher.user.id } });
    expect(handOver.statusCode).toBe(200); // c's slots (Thu 09:00, Fri 18:30) are free for teacher
    const slots = (await t.app.inject({ url: `/api/v1/academics/timetable?assignmentId=${c.assignment._id}`, headers: admin })).json().slots as TimetableSlot[];
    expect(slots.every((s) => s.teacherId === teacher.user.id)).toBe(true);
    await addSlot(t, admin, { assignmentId: a2.assignment._id, weekday: 6, start: '09:00', end: '10:00', room: 'R-1' });
    const d = await assignmentFixture(t, admin, otherTeacher.user.id, 0);
    await addSlot(t, admin, { assignmentId: d.assignment._id, weekday: 6, start: '09:30', end: '10:30', room: 'R-2' });
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/v1/academics/assignments/${d.assignment._id}`, headers: admin, payload: { teacherId: teacher.user.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.teacherDoubleBooked);
    const slotsD = (await t.app.inject({ url: `/api/v1/academics/timetable?assignmentId=${d.assignment._id}`, headers: admin })).json().slots as TimetableSlot[];
    expect(slotsD[0]!.teacherId).toBe(otherTeacher.user.id);
  });

  it('refuses an end before the start (400) and keeps attendance-bearing assignments (409 on delete)', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/academics/timetable', headers: admin, payload: { assignmentId: c.assignment._id, weekday: 1, start: '10:00', end: '09:00', room: 'R' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'end', message: MSG.endAfterStart }]);
    const date = collegeClock(t.ctx.config.timeZone).date;
    const taken = await t.app.inject({ method: 'PUT', url: '/api/v1/attendance/sessions', headers: teacher.auth, payload: { assignmentId: c.assignment._id, date, start: '09:00', extra: true, end: '10:00', records: [{ studentId: c.students[0]!.user.id, status: 'present' }] } });
    expect(taken.statusCode, taken.body).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/academics/assignments/${c.assignment._id}`, headers: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MSG.assignmentInUse);
  });
});

describe('teacher and student reads', () => {
  it("answers /teachers/my-subjects, today's upcoming classes, the week and My Courses for the caller only", async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const clock = collegeClock(t.ctx.config.timeZone);
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: clock.weekday, start: '00:00', end: '00:01', room: 'R-0' });
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: clock.weekday, start: '23:58', end: '23:59', room: 'R-9' });
    const subjects = (await t.app.inject({ url: '/api/v1/teachers/my-subjects', headers: teacher.auth })).json();
    expect(subjects).toEqual({ subjects: [expect.objectContaining({ name: c.subject.name, code: c.subject.code, section: c.section.name, students: 1 })] });
    const up = (await t.app.inject({ url: '/api/v1/teachers/upcoming-classes', headers: teacher.auth })).json();
    if (clock.minutes < 23 * 60 + 59) expect(up.classes).toEqual([expect.objectContaining({ subject: c.subject.name, section: c.section.name, time: '23:58 - 23:59', room: 'R-9' })]);
    const other = await person(t, 'Teacher');
    expect((await t.app.inject({ url: '/api/v1/teachers/my-subjects', headers: other.auth })).json()).toEqual({ subjects: [] });
    expect((await t.app.inject({ url: '/api/v1/teachers/upcoming-classes', headers: c.students[0]!.auth })).statusCode).toBe(403);
    const week = (await t.app.inject({ url: '/api/v1/academics/timetable/me', headers: c.students[0]!.auth })).json();
    expect(week.slots).toHaveLength(2);
    expect(week.today).toBe(clock.weekday);
    const courses = (await t.app.inject({ url: '/api/v1/academics/courses/me', headers: c.students[0]!.auth })).json();
    expect(courses.courses).toEqual([expect.objectContaining({ code: c.subject.code, teacher: teacher.user.name, credits: 4 })]);
  });

  it('upcoming classes: the rest of today in CRS_TIMEZONE, in order, ended ones left out', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    // 2026-11-23 is a Monday; 10:30 in Kolkata is 05:00 UTC.
    const now = new Date('2026-11-23T05:00:00Z');
    for (const [start, end] of [['14:00', '15:00'], ['09:00', '10:00'], ['10:00', '11:00'], ['19:00', '20:30']]) {
      await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: 1, start, end, room: `R-${start}` });
    }
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday: 2, start: '09:00', end: '10:00', room: 'R-tue' });
    const p = { user: { id: teacher.user.id, roles: ['Teacher'] } } as unknown as Principal;
    const r = await upcomingClasses(t.ctx, p, now);
    expect(r.classes.map((x) => x.time)).toEqual(['10:00 - 11:00', '14:00 - 15:00', '19:00 - 20:30']);
  });
});

describe('academic imports (LibreOffice-made files)', () => {
  it('imports departments, subjects, sections, assignments, enrolment and a timetable; previews first; re-import skips', async () => {
    const dry = await upload('/academics/departments/import?dryRun=true', 'departments.csv');
    expect(dry.json()).toMatchObject({ dryRun: true, created: 2, errors: [] });
    expect(await countRows(t.ctx, 'departments', `code in ('IMP', 'BIO')`)).toBe(0);
    expect((await upload('/academics/departments/import', 'departments.csv')).json()).toMatchObject({ created: 2 });
    expect((await upload('/academics/departments/import', 'departments.csv')).json()).toMatchObject({ created: 0, skipped: 2 });
    expect((await upload('/academics/subjects/import', 'subjects.xlsx')).json()).toMatchObject({ created: 3, errors: [] });
    expect((await upload('/academics/sections/import', 'sections.csv')).json()).toMatchObject({ created: 2 });
    await createUser(t.ctx, { roles: ['Teacher'], email: 'imp.teacher1@test.crs' });
    await createUser(t.ctx, { roles: ['Teacher'], email: 'imp.teacher2@test.crs' });
    const s1 = await createUser(t.ctx, { roles: ['Student'], email: 'imp.student1@test.crs' });
    await createUser(t.ctx, { roles: ['Student'], email: 'imp.student2@test.crs' });
    const assignments = await upload('/academics/assignments/import', 'assignments.xlsx');
    expect(assignments.json(), assignments.body).toMatchObject({ created: 3, errors: [] });
    const section = (await t.app.inject({ url: '/api/v1/academics/sections?q=IMP-3A', headers: admin })).json().sections[0];
    const enrol = await upload(`/academics/sections/${section._id}/students/import`, 'enrolment.csv');
    expect(enrol.json(), enrol.body).toMatchObject({ created: 2 });
    expect((await upload(`/academics/sections/${crypto.randomUUID()}/students/import`, 'enrolment.csv')).statusCode).toBe(404);
    const tt = await upload('/academics/timetable/import', 'timetable.xlsx');
    expect(tt.json(), tt.body).toMatchObject({ created: 4, errors: [] });
    const slots = (await t.app.inject({ url: '/api/v1/academics/timetable?sectionId=' + section._id, headers: admin })).json().slots as TimetableSlot[];
    expect(slots.map((s) => `${s.weekday} ${s.start}-${s.end} ${s.subjectCode}`)).toEqual(['1 09:00-10:00 IP301', '1 10:00-11:00 IP302', '6 18:30-20:00 IP301']);
    expect((await upload('/academics/timetable/import', 'timetable.csv')).json()).toMatchObject({ created: 0, skipped: 4 });
    expect(s1.id).toBeTruthy();

    // A file with clashes and bad rows: every problem by row number, nothing written (422).
    const before = await countRows(t.ctx, 'timetable_slots');
    const clash = await upload('/academics/timetable/import', 'timetable-clash.csv');
    expect(clash.statusCode).toBe(422);
    const errors = clash.json().errors as Array<{ row: number; field: string; message: string }>;
    expect(errors.map((e) => e.row)).toEqual([3, 4, 6, 7, 7]);
    expect(errors[0]!.message).toContain(MSG.teacherDoubleBooked);
    expect(errors[1]!.message).toContain(MSG.sectionDoubleBooked);
    expect(errors[2]!.message).toContain(MSG.roomDoubleBooked);
    expect(errors.slice(3).map((e) => e.field)).toEqual(['weekday', 'end']);
    expect(await countRows(t.ctx, 'timetable_slots')).toBe(before);

    // Unknown references are row errors too.
    const wrong = await t.app.inject({ url: '/api/v1/academics/subjects?q=IP30', headers: admin });
    expect(wrong.json().total).toBe(2);
    const r = (await upload('/academics/assignments/import?dryRun=true', 'assignments.csv', (await person(t, 'Admin')).auth)).json() as ImportResult;
    expect(r).toMatchObject({ created: 0, skipped: 3 });
  });
});
