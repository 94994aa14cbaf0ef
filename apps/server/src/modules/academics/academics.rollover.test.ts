// The semester rollover (issue 27 items 4–5): a dry run writes nothing; the run promotes, holds back
// (the Settings rule) and graduates (overrides win), creates the next section and carries the
// teacher over, in one transaction; a second run is a no-op answering the same summary; the closing
// term's marks, attendance and results stay as they were and readable; graduates reach the alumni
// directory once (also through from-graduates, twice) and can neither borrow nor apply.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Department, Section, Subject } from '@crs/shared/schemas/academics';
import type { RolloverResponse } from '@crs/shared/schemas/rollover';
import { createTestApp, createUser, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, rows } from '../../../test/util.ts';
import { person, post } from './academics.fixtures.ts';
import type { Auth } from './academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
let superAdmin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  const su = await createUser(t.ctx, { roles: ['SuperAdmin'] });
  superAdmin = { authorization: `Bearer ${(await login(t.app, su.email, su.password)).token}` };
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

const TABLES = ['sections', 'section_students', 'teaching_assignments', 'alumni', 'audit_log', 'rollover_runs', 'rollover_students', 'exam_marks', 'attendance_records', 'users'];
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = await countRows(t.ctx, table);
  const homes = await rows<{ id: string; section_id: string | null; updated_at: string }>(t.ctx, sql`select id, section_id, updated_at::text from users order by id`);
  const marks = await rows(t.ctx, sql`select exam_id, student_id, marks::text, absent from exam_marks order by 1, 2`);
  const records = await rows(t.ctx, sql`select session_id, student_id, status from attendance_records order by 1, 2`);
  return { counts, homes, marks, records };
}

/**
 * A department in an academic year of its own (even term): a 4th-semester section of three students
 * (one fine, one with low attendance, one who failed), an 8th-semester section of two, a subject of
 * the 5th semester taught last year to a section of the next section's name by `teacher2`.
 */
async function college(year: string) {
  const n = Math.random().toString(36).slice(2, 6).toUpperCase();
  const teacher = await person(t, 'Teacher');
  const teacher2 = await person(t, 'Teacher');
  const { department } = await post<{ department: Department }>(t, admin, '/academics/departments', { code: `R${n}`, name: `Rollover ${n}` });
  const subject = async (code: string, semester: number) => (await post<{ subject: Subject }>(t, admin, '/academics/subjects', { code, name: `Subject ${code}`, departmentId: department._id, semester, credits: 4 })).subject;
  const section = async (name: string, semester: number, academicYear = year) => (await post<{ section: Section }>(t, admin, '/academics/sections', { name, departmentId: department._id, semester, academicYear })).section;
  const s4 = await subject(`R${n}401`, 4);
  const s5 = await subject(`R${n}501`, 5);
  const s8 = await subject(`R${n}801`, 8);
  const fourth = await section(`R${n}-4A`, 4);
  const eighth = await section(`R${n}-8A`, 8);
  const lastYear = `${Number(year.slice(0, 4)) - 1}-${year.slice(2, 4)}`;
  const earlier = await section(`R${n}-5A`, 5, lastYear);
  const students = { fine: await person(t, 'Student'), absent: await person(t, 'Student'), failed: await person(t, 'Student'), grad: await person(t, 'Student'), kept: await person(t, 'Student') };
  await post(t, admin, `/academics/sections/${fourth._id}/students`, { studentIds: [students.fine, students.absent, students.failed].map((s) => s.user.id) }, 200);
  await post(t, admin, `/academics/sections/${eighth._id}/students`, { studentIds: [students.grad, students.kept].map((s) => s.user.id) }, 200);
  const assign = async (teacherId: string, subjectId: string, sectionId: string) => (await post<{ assignment: { _id: string } }>(t, admin, '/academics/assignments', { teacherId, subjectId, sectionId })).assignment;
  const a4 = await assign(teacher.user.id, s4._id, fourth._id);
  const a8 = await assign(teacher.user.id, s8._id, eighth._id);
  await assign(teacher2.user.id, s5._id, earlier._id);
  // Attendance: ten classes of the 4th-semester subject; `absent` attends 5 of them, the others all.
  for (let d = 1; d <= 10; d++) {
    const [session] = await rows<{ id: string }>(t.ctx, sql`insert into attendance_sessions (assignment_id, date, start_min) values (${a4._id}, ${`2027-03-${String(d).padStart(2, '0')}`}, 540) returning id`);
    for (const s of [students.fine, students.absent, students.failed]) {
      const status = s === students.absent && d > 5 ? 'absent' : 'present';
      await t.ctx.db.execute(sql`insert into attendance_records (session_id, student_id, status) values (${session!.id}, ${s.user.id}, ${status})`);
    }
  }
  // One published end-term exam per subject: `failed` scores 10 %, everyone else 80 %.
  for (const [subjectId, sectionId, roster] of [
    [s4._id, fourth._id, [students.fine, students.absent, students.failed]],
    [s8._id, eighth._id, [students.grad, students.kept]],
  ] as const) {
    const [exam] = await rows<{ id: string }>(
      t.ctx,
      sql`insert into exams (subject_id, section_id, name, kind, max_marks, weight, exam_date, published_at) values (${subjectId}, ${sectionId}, 'End term', 'end-term', 100, 100, '2027-04-20', now()) returning id`,
    );
    for (const s of roster) await t.ctx.db.execute(sql`insert into exam_marks (exam_id, student_id, marks) values (${exam!.id}, ${s.user.id}, ${s === students.failed ? 10 : 80})`);
  }
  void a8;
  return { department, n, fourth, eighth, s5, teacher2, students, year };
}

const body = (year: string, overrides: Array<{ studentId: string; action: string }> = []) => ({ academicYear: year, term: 'even', overrides });

describe('semester rollover', () => {
  let c: Awaited<ReturnType<typeof college>>;
  beforeAll(async () => {
    const saved = await api('PATCH', '/settings', superAdmin, { holdBackAttendanceBelow: 75, holdBackFailedCreditsAbove: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    c = await college('2041-42');
  });

  it('is for Admin and SuperAdmin; bad bodies are 400 with the field', async () => {
    const student = await person(t, 'Student');
    expect((await api('POST', '/academics/rollover?dryRun=true', student.auth, body(c.year))).statusCode).toBe(403);
    const bad = await api('POST', '/academics/rollover?dryRun=true', admin, { academicYear: c.year, term: 'summer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.rolloverTermUnknown);
    const notInTerm = await api('POST', '/academics/rollover?dryRun=true', admin, body(c.year, [{ studentId: student.user.id, action: 'hold' }]));
    expect(notInTerm.statusCode).toBe(400);
    expect(notInTerm.json()).toMatchObject({ code: 'ROLLOVER_OVERRIDE', message: MSG.rolloverOverrideNotInTerm });
    const early = await api('POST', '/academics/rollover?dryRun=true', admin, body(c.year, [{ studentId: c.students.fine.user.id, action: 'graduate' }]));
    expect(early.json().message).toBe(MSG.rolloverGraduateNotFinal);
    // A graduate's year must fit the alumni directory (1900–2100): academic years run 1950-51 … 2098-99.
    for (const year of ['2099-00', '2100-01', '1949-50']) {
      const outOfRange = await api('POST', '/academics/rollover?dryRun=true', admin, body(year));
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().message).toBe(MSG.academicYearFormat);
    }
    const empty = await api('POST', '/academics/rollover?dryRun=true', admin, body('2090-91'));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('ROLLOVER_NOTHING_TO_CLOSE');
  });

  it('a dry run previews per section and writes nothing', async () => {
    const before = await snapshot();
    const res = await api('POST', '/academics/rollover?dryRun=true', admin, body(c.year, [{ studentId: c.students.kept.user.id, action: 'hold' }]));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as RolloverResponse;
    expect(r).toMatchObject({ dryRun: true, alreadyRun: false, runId: null, message: MSG.rolloverPreviewed });
    expect(r.plan).toMatchObject({ nextAcademicYear: '2042-43', nextTerm: 'odd', rule: { attendanceBelow: 75, failedCreditsAbove: 0 } });
    expect(r.plan.counts).toMatchObject({ students: 5, promoted: 1, held: 3, graduated: 1, sectionsCreated: 1, assignmentsCarried: 1, assignmentsEmpty: 0 });
    const fourth = r.plan.sections.find((s) => s._id === c.fourth._id)!;
    expect(fourth.next).toEqual({ name: `R${c.n}-5A`, academicYear: '2042-43', semester: 5, exists: false });
    expect(fourth.subjects).toEqual([{ code: c.s5.code, name: c.s5.name, credits: 4, teacher: c.teacher2.user.name }]);
    const by = new Map(fourth.students.map((s) => [s._id, s]));
    expect(by.get(c.students.fine.user.id)).toMatchObject({ action: 'promote', reason: null, attendance: 100, failedCredits: 0 });
    expect(by.get(c.students.absent.user.id)).toMatchObject({ action: 'hold', reason: MSG.rolloverHeldAttendance(50, 75), attendance: 50 });
    expect(by.get(c.students.failed.user.id)).toMatchObject({ action: 'hold', reason: MSG.rolloverHeldCredits(4, 0), failedCredits: 4 });
    const eighth = r.plan.sections.find((s) => s._id === c.eighth._id)!;
    expect(eighth.next).toBeNull();
    expect(eighth.students.find((s) => s._id === c.students.grad.user.id)).toMatchObject({ action: 'graduate', overridden: false });
    expect(eighth.students.find((s) => s._id === c.students.kept.user.id)).toMatchObject({ action: 'hold', overridden: true });
    expect(await snapshot()).toEqual(before);
  });

  it('runs once: promotes, holds, graduates; a second run changes nothing and answers the same summary', async () => {
    const before = await snapshot();
    const results = (await api('GET', `/results/students/${c.students.fine.user.id}`, admin)).json();
    const overrides = [{ studentId: c.students.kept.user.id, action: 'hold' }];
    const res = await api('POST', '/academics/rollover', admin, body(c.year, overrides));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as RolloverResponse;
    expect(r).toMatchObject({ dryRun: false, alreadyRun: false, message: MSG.rolloverDone });
    expect(r.plan.counts).toMatchObject({ promoted: 1, held: 3, graduated: 1, sectionsCreated: 1, assignmentsCarried: 1, alumniCreated: 1 });

    // The next section exists with the teacher carried over; the promoted student is on it, home moved.
    const [next] = await rows<{ id: string }>(t.ctx, sql`select id from sections where name = ${`R${c.n}-5A`} and academic_year = '2042-43'`);
    expect(next).toBeDefined();
    expect(await countRows(t.ctx, 'teaching_assignments', `section_id = '${next!.id}' and teacher_id = '${c.teacher2.user.id}'`)).toBe(1);
    const home = async (id: string) => (await rows<{ section_id: string }>(t.ctx, sql`select section_id from users where id = ${id}`))[0]!.section_id;
    expect(await home(c.students.fine.user.id)).toBe(next!.id);
    expect(await home(c.students.absent.user.id)).toBe(c.fourth._id);
    expect(await home(c.students.grad.user.id)).toBe(c.eighth._id);
    // The closing term's enrolment, marks, attendance and results are untouched and readable.
    expect(await countRows(t.ctx, 'section_students', `section_id = '${c.fourth._id}'`)).toBe(3);
    const after = await snapshot();
    expect(after.marks).toEqual(before.marks);
    expect(after.records).toEqual(before.records);
    expect((await api('GET', `/results/students/${c.students.fine.user.id}`, admin)).json()).toEqual(results);
    // The graduate is in the directory once, private; the run is audited.
    const grads = await rows<{ visibility: string; batch: string; graduation_year: number; degree: string; department: string }>(
      t.ctx,
      sql`select visibility, batch, graduation_year, degree, department from alumni where enrollment_no = ${c.students.grad.user.studentId}`,
    );
    expect(grads).toEqual([{ visibility: 'private', batch: '2038-2042', graduation_year: 2042, degree: 'B.Tech', department: c.department.name }]);
    expect(await countRows(t.ctx, 'alumni', `enrollment_no = '${c.students.kept.user.studentId}'`)).toBe(0);
    expect(await countRows(t.ctx, 'audit_log', `action = 'rollover.run' and target_id = '${r.runId}'`)).toBe(1);
    expect(await countRows(t.ctx, 'audit_log', `action = 'student.graduated' and target_id = '${c.students.grad.user.id}'`)).toBe(1);
    expect(await countRows(t.ctx, 'audit_log', `action = 'enrolment.changed' and target_id = '${c.students.fine.user.id}'`)).toBeGreaterThan(0);

    // A second run (and a preview) answer the record; nothing changes.
    const settled = await snapshot();
    const again = await api('POST', '/academics/rollover', admin, body(c.year, overrides));
    expect(again.json()).toMatchObject({ alreadyRun: true, runId: r.runId, message: MSG.rolloverAlreadyDone, plan: r.plan });
    expect((await api('POST', '/academics/rollover?dryRun=true', admin, body(c.year))).json()).toMatchObject({ alreadyRun: true, runId: r.runId });
    expect(await snapshot()).toEqual(settled);
    expect((await api('GET', `/academics/rollover/${r.runId}`, admin)).json()).toMatchObject({ runId: r.runId, plan: r.plan });
    expect((await api('GET', `/academics/rollover/${crypto.randomUUID()}`, admin)).json().code).toBe('ROLLOVER_NOT_FOUND');
  });

  it("moves a promoted student's courses to the new section: the closed term's leave their courses and attendance, not their results", async () => {
    type Courses = { courses: Array<{ code: string; section: string }> };
    const courses = (auth: Auth) => api('GET', '/academics/courses/me', auth).then((r) => (r.json() as Courses).courses.map((x) => `${x.code} ${x.section}`));
    // Promoted: only the next section's subject (carried over); held back: still the closing term's.
    expect(await courses(c.students.fine.auth)).toEqual([`${c.s5.code} R${c.n}-5A`]);
    expect(await courses(c.students.absent.auth)).toEqual([`R${c.n}401 R${c.n}-4A`]);
    const attendance = (await api('GET', '/attendance/me', c.students.fine.auth)).json() as { bySubject: unknown[] };
    expect(attendance.bySubject).toHaveLength(1);
    expect(JSON.stringify(attendance.bySubject)).not.toContain(`R${c.n}401`);
    const results = (await api('GET', '/results/me', c.students.fine.auth)).json() as { subjects: Array<{ code: string }> };
    expect(results.subjects.map((x) => x.code)).toEqual([`R${c.n}401`]);
  });

  it('from-graduates adds a batch once; graduates read their results but cannot borrow or apply', async () => {
    const first = await api('POST', '/alumni/from-graduates', admin, { batch: '2038-2042' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ graduates: 1, created: 0 });
    // Removed from the directory, the record comes back once, however often it is asked for.
    await t.ctx.db.execute(sql`delete from alumni where enrollment_no = ${c.students.grad.user.studentId}`);
    expect((await api('POST', '/alumni/from-graduates', admin, { batch: '2038-2042' })).json()).toMatchObject({ graduates: 1, created: 1 });
    expect((await api('POST', '/alumni/from-graduates', admin, { batch: '2038-2042' })).json()).toMatchObject({ created: 0 });
    expect(await countRows(t.ctx, 'alumni', `enrollment_no = '${c.students.grad.user.studentId}'`)).toBe(1);
    expect((await api('POST', '/alumni/from-graduates', admin, { batch: '38-42' })).statusCode).toBe(400);

    const grad = c.students.grad.auth;
    expect((await api('GET', '/results/me', grad)).statusCode).toBe(200);
    const borrow = await api('POST', `/library/books/${crypto.randomUUID()}/issue`, grad, {});
    expect(borrow.statusCode).toBe(403);
    expect(borrow.json()).toMatchObject({ code: 'GRADUATE_CANNOT_BORROW', message: MSG.graduateCannotBorrow });
    const staff = await createUser(t.ctx, { roles: ['Staff'] });
    const staffAuth = { authorization: `Bearer ${(await login(t.app, staff.email, staff.password)).token}` };
    const job = await api('POST', '/placement/jobs', staffAuth, { company: 'Infosys', role: 'Systems Engineer', packageLpa: 4, deadline: '2099-01-01' });
    expect(job.statusCode, job.body).toBe(201);
    const applied = await api('POST', `/placement/jobs/${job.json().job._id}/apply`, grad);
    expect(applied.statusCode).toBe(403);
    expect(applied.json()).toMatchObject({ code: 'GRADUATE_CANNOT_APPLY', message: MSG.graduateCannotApply });
    // A student promoted, not graduated, is not refused for being a graduate.
    const other = await api('POST', `/library/books/${crypto.randomUUID()}/issue`, c.students.fine.auth, {});
    expect(other.json().code).not.toBe('GRADUATE_CANNOT_BORROW');
  });

  it('lets requests in while it runs: /health answers on a real socket during a run of 1,200 students (still one transaction)', async () => {
    // On the embedded database every statement runs in this thread; the run yields between its short
    // statements (lib/yield.ts), so a probe's round trips go on meanwhile. Without the yields none did.
    const start = 1950 + Math.floor(Math.random() * 50); // a year of its own (graduation years stop at 2100)
    const year = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    const n = Math.random().toString(36).slice(2, 6).toUpperCase();
    const { department } = await post<{ department: Department }>(t, admin, '/academics/departments', { code: `H${n}`, name: `Health ${n}` });
    await t.ctx.db.execute(
      sql`insert into sections (name, department_id, semester, academic_year)
          select ${`H${n}-`} || sem || chr(64 + l), ${department._id}::uuid, sem, ${year} from (values (6), (8)) s(sem) cross join generate_series(1, 6) l`,
    );
    await t.ctx.db.execute(
      sql`with s as (select id, row_number() over (order by name) - 1 as i from sections where academic_year = ${year} and department_id = ${department._id}::uuid)
          insert into users (name, email, roles, password_hash, student_id, section_id, department_id, section)
          select 'Busy Student ' || g, ${`busy.${n.toLowerCase()}.`} || g || '@test.crs', '{Student}', 'x', ${`H${n}`} || lpad(g::text, 5, '0'), s.id, ${department._id}::uuid, 'x'
          from generate_series(1, 1200) g join s on s.i = g % 12`,
    );
    await t.ctx.db.execute(sql`insert into section_students (section_id, student_id) select section_id, id from users where email like ${`busy.${n.toLowerCase()}.%`}`);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // The probe's answers while the run is under way: without the yields the run's transaction held
    // the thread from start to commit — one gap of most of the run; with them, short gaps throughout.
    let finished = false;
    const started = performance.now();
    const run = fetch(`${base}/api/v1/academics/rollover`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ academicYear: year, term: 'even' }) }).finally(() => (finished = true));
    const answers = [started];
    while (!finished) {
      const health = await fetch(`${base}/api/v1/health`);
      expect(health.status).toBe(200);
      answers.push(performance.now());
    }
    const res = await run;
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    const body = (await res.json()) as RolloverResponse;
    expect(body.plan.counts).toMatchObject({ students: 1200, promoted: 600, graduated: 600 });
    const longestWait = Math.max(...answers.slice(1).map((at, i) => at - answers[i]!));
    expect(longestWait, `longest wait ${Math.round(longestWait)} ms of a ${Math.round(took)} ms run (${answers.length - 1} answers)`).toBeLessThan(took / 4);
    expect(await countRows(t.ctx, 'rollover_students', `run_id = '${body.runId}'`)).toBe(1200);
  });

  it('lets the graduate alone make their alumni profile public or private (audited); the directory shows it to non-faculty only when public', async () => {
    const grad = c.students.grad;
    const enrollment = grad.user.studentId!;
    const mine = await api('GET', '/alumni/me', grad.auth);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().alumnus).toMatchObject({ enrollmentNo: enrollment, visibility: 'private', email: grad.user.email });
    // Nobody else has one: a promoted student (404), faculty and managers are not graduates (403).
    expect((await api('GET', '/alumni/me', c.students.fine.auth)).json()).toMatchObject({ code: 'NO_ALUMNI_RECORD', message: MSG.alumniNoOwnRecord });
    expect((await api('PATCH', '/alumni/me', c.students.fine.auth, { visibility: 'public' })).statusCode).toBe(404);
    expect((await api('PATCH', '/alumni/me', admin, { visibility: 'public' })).statusCode).toBe(403);
    const bad = await api('PATCH', '/alumni/me', grad.auth, { visibility: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.alumniVisibility);

    const listed = async (auth: Auth) => ((await api('GET', `/alumni?q=${encodeURIComponent(grad.user.name)}`, auth)).json() as { alumni: Array<{ enrollmentNo: string | null }> }).alumni.some((a) => a.enrollmentNo === enrollment);
    const reader = c.students.fine.auth;
    expect(await listed(reader)).toBe(false);
    expect(await listed(admin)).toBe(true);

    const shown = await api('PATCH', '/alumni/me', grad.auth, { visibility: 'public' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ message: MSG.alumniOwnPublic, alumnus: { visibility: 'public' } });
    expect(await listed(reader)).toBe(true);
    const id = (shown.json() as { alumnus: { _id: string } }).alumnus._id;
    expect((await api('GET', `/alumni/${id}`, reader)).statusCode).toBe(200);
    expect(await countRows(t.ctx, 'audit_log', `action = 'alumni.visibility_changed' and target_id = '${id}'`)).toBe(1);
    // The same again changes and records nothing; private hides it again.
    expect((await api('PATCH', '/alumni/me', grad.auth, { visibility: 'public' })).statusCode).toBe(200);
    expect(await countRows(t.ctx, 'audit_log', `action = 'alumni.visibility_changed' and target_id = '${id}'`)).toBe(1);
    expect((await api('PATCH', '/alumni/me', grad.auth, { visibility: 'private' })).json().message).toBe(MSG.alumniOwnPrivate);
    expect(await listed(reader)).toBe(false);
    expect((await api('GET', `/alumni/${id}`, reader)).statusCode).toBe(404);
    expect(await countRows(t.ctx, 'audit_log', `action = 'alumni.visibility_changed' and target_id = '${id}'`)).toBe(2);
  });
});
