// Analytics, reports and the dashboards' figures (/stats; issue 14 items 4–6): access by role,
// figures against data this file creates, report files read back with the xlsx reader, formula
// cells made inert.
import { sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import type { Exam } from '@crs/shared/schemas/assessment';
import type { Job, StudentApplication } from '@crs/shared/schemas/placement';
import type { AnalyticsOverview, ReportList } from '@crs/shared/schemas/analytics';
import { createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person, post } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';
import { addBook, lend, makeDue } from '../library/library.fixtures.ts';

let t: TestApp;
let admin: Auth;
let staff: Auth;
let student: Auth;
let teacherAuth: Auth;
let c: Awaited<ReturnType<typeof assignmentFixture>>;
let exam: Exam;
let job: Job;
let emptyJob: Job;
const today = () => collegeClock(t.ctx.config.timeZone).date;
const get = (url: string, auth?: Auth) => t.app.inject({ url: `/api/v1${url}`, headers: auth ?? {} });
const sheetRows = (body: Buffer) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  staff = (await loginAs(t, ['Staff'])).auth;
  student = (await loginAs(t, ['Student'])).auth;
  const teacher = await person(t, 'Teacher');
  teacherAuth = teacher.auth;
  c = await assignmentFixture(t, admin, teacher.user.id, 3);
  // A student whose name a spreadsheet would run as a formula.
  const tricky = await createUser(t.ctx, { roles: ['Student'], name: '=HYPERLINK("http://evil.test","x")' });
  await post(t, admin, `/academics/sections/${c.section._id}/students`, { studentIds: [tricky.id] }, 200);
  const [a, b, d] = c.students.map((s) => s.user.id);

  // Attendance today: a 2 of 2, b 0 of 2, d 2 of 2 (late counts), tricky 1 of 2 → department 5 of 8.
  for (const [start, records] of [
    ['09:00', [{ studentId: a, status: 'present' }, { studentId: b, status: 'absent' }, { studentId: d, status: 'present' }, { studentId: tricky.id, status: 'present' }]],
    ['11:00', [{ studentId: a, status: 'present' }, { studentId: b, status: 'absent' }, { studentId: d, status: 'late' }, { studentId: tricky.id, status: 'absent' }]],
  ] as const) {
    // Declared extra classes: the fixture's class has no timetable slots.
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/attendance/sessions', headers: teacher.auth, payload: { assignmentId: c.assignment._id, date: today(), start, extra: true, end: '12:30', records } });
    expect(res.statusCode, res.body).toBe(200);
  }

  // A published exam out of 50: a 45 (O), b absent, d 10 (F), tricky 30 (B+).
  exam = (await post<{ exam: Exam }>(t, teacher.auth, '/assesment/exams', { name: 'Mid-term 1', kind: 'mid-term', maxMarks: 50, weight: 30, date: today(), subjectId: c.subject._id, sectionId: c.section._id })).exam;
  const marks = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/assesment/exams/${exam._id}/marks`,
    headers: teacher.auth,
    payload: { marks: [{ studentId: a, marks: 45 }, { studentId: b, absent: true }, { studentId: d, marks: 10 }, { studentId: tricky.id, marks: 30 }] },
  });
  expect(marks.statusCode, marks.body).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/v1/assesment/exams/${exam._id}/publish`, headers: teacher.auth, payload: {} })).statusCode).toBe(200);

  // The library: one loan overdue by three days, of a book whose title looks like a formula.
  const book = await addBook(t, admin, { title: '+cmd|calc!A1 Engineering Mathematics' });
  const loan = await lend(t, admin, book._id, a);
  await makeDue(t, loan._id, 3);

  // Placement: a and b apply to a job whose role looks like a formula; a is selected (an offer), b waits for review.
  job = (await post<{ job: Job }>(t, staff, '/placement/jobs', { company: 'Tata Consultancy Services', role: '@SUM(A1) Systems Engineer', packageLpa: 7, deadline: addDays(today(), 7) })).job;
  emptyJob = (await post<{ job: Job }>(t, staff, '/placement/jobs', { company: 'Wipro', role: 'Project Engineer', packageLpa: 3.5, deadline: addDays(today(), 7) })).job;
  const applied = (await post<{ application: StudentApplication }>(t, c.students[0]!.auth, `/placement/jobs/${job._id}/apply`, {})).application;
  await post(t, c.students[1]!.auth, `/placement/jobs/${job._id}/apply`, {});
  const selected = await t.app.inject({ method: 'PATCH', url: `/api/v1/placement/applications/${applied._id}`, headers: staff, payload: { status: 'selected' } });
  expect(selected.statusCode, selected.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /analytics/overview', () => {
  it('admits Admin and SuperAdmin only', async () => {
    expect((await get('/analytics/overview')).statusCode).toBe(401);
    for (const auth of [student, teacherAuth, staff]) expect((await get('/analytics/overview', auth)).statusCode).toBe(403);
    const superadmin = (await loginAs(t, ['SuperAdmin'])).auth;
    expect((await get('/analytics/overview', superadmin)).statusCode).toBe(200);
  });

  it('counts enrolment, attendance, results and circulation from live data over the default range', async () => {
    const res = await get('/analytics/overview', admin);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as AnalyticsOverview;
    expect(o.to).toBe(today());
    expect(o.attendance.weeks).toHaveLength(12);
    expect(o.library.map((w) => w.week)).toEqual(o.attendance.weeks);

    expect(o.enrolment.find((e) => e.department === c.department.code)).toEqual({ department: c.department.code, departmentName: c.department.name, students: 4 });

    const dept = o.attendance.departments.find((d) => d.department === c.department.code)!;
    expect(dept.percent.at(-1)).toBe(62.5);
    expect(dept.marked.at(-1)).toBe(8);
    expect(dept.percent.slice(0, -1).every((p) => p === null)).toBe(true);

    const subject = o.results.subjects.find((s) => s.subjectCode === c.subject.code)!;
    expect(o.results.grades).toEqual(['O', 'A+', 'A', 'B+', 'B', 'C', 'P', 'F']);
    expect(subject).toMatchObject({ sat: 3, passed: 2, absent: 1, passRate: 66.7, counts: [1, 0, 0, 1, 0, 0, 0, 1] });

    // The loan was issued 33 days ago and fell due 3 days ago: issued once, overdue only at the end of this week.
    expect(o.library.reduce((n, w) => n + w.issued, 0)).toBe(1);
    expect(o.library.reduce((n, w) => n + w.returned, 0)).toBe(0);
    expect(o.library.at(-1)!.overdue).toBe(1);
    expect(o.library.slice(0, -2).every((w) => w.overdue === 0)).toBe(true);

    // Two applications from the department today, one of them selected.
    expect(o.placement.find((p) => p.department === c.department.code)).toEqual({ department: c.department.code, departmentName: c.department.name, applications: 2, offers: 1 });
  });

  it('filters by the date range and refuses a bad one', async () => {
    const past = addDays(today(), -40);
    const res = await get(`/analytics/overview?from=${addDays(past, -20)}&to=${past}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as AnalyticsOverview;
    expect(o).toMatchObject({ from: addDays(past, -20), to: past });
    expect(o.attendance.departments.find((d) => d.department === c.department.code)).toBeUndefined();
    expect(o.results.subjects.find((s) => s.subjectCode === c.subject.code)).toBeUndefined();
    expect(o.library.every((w) => w.issued === 0)).toBe(true);
    expect(o.placement.find((p) => p.department === c.department.code)).toBeUndefined();

    const backwards = await get(`/analytics/overview?from=${today()}&to=${past}`, admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(MSG.rangeOrder);
    const long = await get(`/analytics/overview?from=${addDays(today(), -400)}&to=${today()}`, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.rangeTooLong(366));
    expect((await get('/analytics/overview?from=2026-02-30', admin)).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('lists the reports with live section and exam choices for Staff, Admin and SuperAdmin only', async () => {
    expect((await get('/reports')).statusCode).toBe(401);
    for (const auth of [student, teacherAuth]) {
      expect((await get('/reports', auth)).statusCode).toBe(403);
      expect((await get('/reports/library-overdue', auth)).statusCode).toBe(403);
    }
    const res = await get('/reports', staff);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ReportList;
    expect(list.reports.map((r) => r.name)).toEqual(['attendance-register', 'attendance-shortage', 'marks-by-exam', 'library-overdue', 'placement-applications']);
    const placement = list.reports[4]!;
    expect(placement.params.map((p) => [p.name, p.required])).toEqual([['jobId', false]]);
    expect(placement.params[0]!.options).toContainEqual({ value: job._id, label: `Tata Consultancy Services — @SUM(A1) Systems Engineer (${addDays(today(), 7)})` });
    const register = list.reports[0]!;
    expect(register.params.map((p) => [p.name, p.required])).toEqual([
      ['sectionId', true],
      ['month', true],
    ]);
    expect(register.params[0]!.options).toContainEqual({ value: c.section._id, label: `${c.section.name} (2026-27)` });
    expect(list.reports[2]!.params[0]!.options).toContainEqual({ value: exam._id, label: `${exam.label} · Mid-term 1 · ${today()}` });
  });

  it('attendance register: one row per student, attended/marked per subject, formula-looking names inert (xlsx and CSV)', async () => {
    const month = today().slice(0, 7);
    const res = await get(`/reports/attendance-register?sectionId=${c.section._id}&month=${month}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="attendance-register-${c.section.name}-${month}.xlsx"`);
    const rows = sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Roll No', 'Name', `${c.subject.code} (attended/marked)`, 'Attended', 'Marked', 'Percent']);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byName.get(c.students[0]!.user.name)!.slice(2)).toEqual(['2/2', 2, 2, 100]);
    expect(byName.get(c.students[1]!.user.name)!.slice(2)).toEqual(['0/2', 0, 2, 0]);
    expect(byName.get(`'=HYPERLINK("http://evil.test","x")`)!.slice(2)).toEqual(['1/2', 1, 2, 50]);
    expect(rows.some((r) => String(r[1]).startsWith('='))).toBe(false);

    const csv = await get(`/reports/attendance-register?sectionId=${c.section._id}&month=${month}&format=csv`, staff);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv.body).not.toMatch(/(^|,)=/m);

    // Another month has no sessions: the roster with empty cells.
    const other = sheetRows((await get(`/reports/attendance-register?sectionId=${c.section._id}&month=2020-01`, staff)).rawPayload);
    expect(other.slice(1).every((r) => r[2] === '' && r[4] === 0)).toBe(true);
  });

  it('refuses a report without its required parameters, an unknown section or report, a bad format', async () => {
    const noSection = await get(`/reports/attendance-register?month=2026-01`, staff);
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json()).toMatchObject({ message: MSG.reportSectionRequired, errors: [{ path: 'sectionId', message: MSG.reportSectionRequired }] });
    expect((await get(`/reports/attendance-register?sectionId=${c.section._id}`, staff)).json().message).toBe(MSG.reportMonthRequired);
    expect((await get(`/reports/attendance-register?sectionId=${c.section._id}&month=2026-13`, staff)).json().message).toBe(MSG.monthFormat);
    expect((await get('/reports/marks-by-exam', staff)).json().message).toBe(MSG.reportExamRequired);
    const unknownSection = await get(`/reports/attendance-register?sectionId=00000000-0000-4000-8000-000000000000&month=2026-01`, staff);
    expect(unknownSection.statusCode).toBe(404);
    expect(unknownSection.json().message).toBe(MSG.sectionNotFound);
    expect((await get('/reports/placement', staff)).statusCode).toBe(400);
    expect((await get('/reports/library-overdue?format=pdf', staff)).json().message).toBe(MSG.reportFormat);
  });

  it('students under the threshold: only those below it, lowest first, of the chosen section', async () => {
    const res = await get(`/reports/attendance-shortage?sectionId=${c.section._id}&format=csv`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Roll No,Name,Email,Section,Attended,Marked,Percent,Threshold');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${c.students[1]!.user.name},`);
    expect(lines[1]).toMatch(/,0,2,0,75$/);
    expect(lines[2]).toMatch(/^STU\d+,"'=HYPERLINK/);
    expect(lines[2]).toMatch(/,1,2,50,75$/);
    // A range before the sessions finds nobody.
    const none = await get(`/reports/attendance-shortage?to=${addDays(today(), -1)}&format=csv`, staff);
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('marks by exam: each student with marks, percent and grade; AB for absent', async () => {
    const res = await get(`/reports/marks-by-exam?examId=${exam._id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Roll No', 'Name', 'Marks', 'Maximum', 'Percent', 'Grade', 'Remarks']);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r.slice(2, 6)]));
    expect(byName.get(c.students[0]!.user.name)).toEqual([45, 50, 90, 'O']);
    expect(byName.get(c.students[1]!.user.name)).toEqual(['AB', 50, '', 'AB']);
    expect(byName.get(c.students[2]!.user.name)).toEqual([10, 50, 20, 'F']);
    expect((await get(`/reports/marks-by-exam?examId=00000000-0000-4000-8000-000000000000`, staff)).statusCode).toBe(404);
  });

  it('library overdue and fines: the overdue loan with its fine, the formula-looking title inert', async () => {
    const res = await get('/reports/library-overdue', staff);
    expect(res.statusCode, res.body).toBe(200);
    const rows = sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Member', 'Email', 'Student ID', 'Book', 'ISBN', 'Issued on', 'Due on', 'Returned on', 'Status', 'Days overdue', 'Fine (₹)', 'Fine status']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(c.students[0]!.user.name);
    expect(rows[1]![3]).toBe("'+cmd|calc!A1 Engineering Mathematics");
    expect(rows[1]![8]).toBe('overdue');
    expect(rows[1]![9]).toBe(3);
    expect(typeof rows[1]![10]).toBe('number');
  });
});

describe('placement applications report', () => {
  it('lists each application with the student, department, CGPA and status; the formula-looking role inert', async () => {
    expect((await get(`/reports/placement-applications?jobId=${job._id}`, student)).statusCode).toBe(403);
    const res = await get(`/reports/placement-applications?jobId=${job._id}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="placement-applications-Tata-Consultancy-Services-SUM-A1-Systems-Engineer-${today()}.xlsx"`);
    const rows = sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Company', 'Role', 'Student name', 'Student ID', 'Department', 'CGPA', 'Status', 'Applied at']);
    expect(rows).toHaveLength(3);
    const [a, b] = c.students;
    const byName = new Map(rows.slice(1).map((r) => [r[2], r]));
    const rowA = byName.get(a!.user.name)!;
    expect(rowA.slice(0, 2)).toEqual(['Tata Consultancy Services', "'@SUM(A1) Systems Engineer"]);
    expect(rowA.slice(4)).toEqual([c.department.code, 10, 'selected', today()]);
    expect(String(rowA[3])).toMatch(/^STU/);
    expect(byName.get(b!.user.name)!.slice(4, 7)).toEqual([c.department.code, 0, 'applied']);

    const csv = await get('/reports/placement-applications?format=csv', admin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("'@SUM(A1) Systems Engineer");
    expect(csv.body).not.toMatch(/(^|,)@/m);
    expect(csv.body).not.toContain('Wipro');

    const none = sheetRows((await get(`/reports/placement-applications?jobId=${emptyJob._id}`, staff)).rawPayload);
    expect(none).toHaveLength(1);
    const unknown = await get('/reports/placement-applications?jobId=00000000-0000-4000-8000-000000000000', staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.jobNotFound);
    expect((await get('/reports/placement-applications?jobId=nope', staff)).json().message).toBe(MSG.jobNotFound);
  });
});

describe('GET /stats/tasks', () => {
  it("counts the Staff dashboard's open tasks from live data", async () => {
    expect((await get('/stats/tasks', student)).statusCode).toBe(403);
    expect((await get('/stats/tasks', teacherAuth)).statusCode).toBe(403);
    const before = (await get('/stats/tasks', staff)).json();
    expect(before.overdueLoans).toBe(1);
    await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    const after = (await get('/stats/tasks', staff)).json();
    expect(after).toEqual({ ...before, pendingApprovals: before.pendingApprovals + 1 });
  });

  it('counts notices expiring within 7 days and applications still to review', async () => {
    const before = (await get('/stats/tasks', staff)).json();
    expect(before.applicationsToReview).toBeGreaterThanOrEqual(1);
    for (const [title, days] of [['Last day today', 0], ['Ends in six days', 6], ['Ended yesterday', -1], ['Ends in a week', 7]] as const)
      await post(t, staff, '/notices', { title, body: 'Text', expiresOn: addDays(today(), days) });
    const applied = (await post<{ application: StudentApplication }>(t, c.students[2]!.auth, `/placement/jobs/${emptyJob._id}/apply`, {})).application;
    const mid = (await get('/stats/tasks', staff)).json();
    expect(mid).toEqual({ ...before, expiringNotices: before.expiringNotices + 2, applicationsToReview: before.applicationsToReview + 1 });
    const reviewed = await t.app.inject({ method: 'PATCH', url: `/api/v1/placement/applications/${applied._id}`, headers: staff, payload: { status: 'shortlisted' } });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await get('/stats/tasks', staff)).json().applicationsToReview).toBe(before.applicationsToReview);
  });
});

// The dashboards' figures (/stats): users per role and pending sign-ups, the system card.
describe('the dashboards (/stats)', () => {
  const NON_MANAGERS: Role[] = ['Student', 'Teacher', 'Staff', 'Librarian'];
  const managers = {} as Record<'admin' | 'superAdmin', Awaited<ReturnType<typeof loginAs>>>;
  beforeAll(async () => {
    managers.admin = await loginAs(t, ['Admin']);
    managers.superAdmin = await loginAs(t, ['SuperAdmin']);
  });
  function expectForbidden(res: { statusCode: number; json(): unknown }) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden, code: 'FORBIDDEN' });
  }

  describe('GET /stats/overview', () => {
    it('counts active accounts per role and pending sign-ups from live data', async () => {
      const before = (await get('/stats/overview', managers.admin.auth)).json();
      expect(Object.keys(before).sort()).toEqual(['admins', 'librarians', 'openJobs', 'pendingApprovals', 'staff', 'students', 'teachers', 'totalUsers']);
      const [totals] = await rows<{ n: number }>(t.ctx, sql`select count(*)::int as n from users`);
      expect(before.totalUsers).toBe(totals!.n);
      await createUser(t.ctx, { roles: ['Student'] });
      await createUser(t.ctx, { roles: ['Librarian'] });
      await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
      await createUser(t.ctx, { roles: ['Staff'], status: 'disabled' });
      const after = (await get('/stats/overview', managers.superAdmin.auth)).json();
      expect(after).toEqual({
        ...before,
        students: before.students + 1,
        librarians: before.librarians + 1,
        pendingApprovals: before.pendingApprovals + 1,
        totalUsers: before.totalUsers + 4,
      });
    });

    it('answers 401 without a token and 403 to non-managers', async () => {
      expect((await get('/stats/overview')).statusCode).toBe(401);
      for (const role of NON_MANAGERS) expectForbidden(await get('/stats/overview', (await loginAs(t, [role])).auth));
    });
  });

  describe('GET /stats/system', () => {
    it('answers uptime, database size and live sessions to a SuperAdmin', async () => {
      const res = await get('/stats/system', managers.superAdmin.auth);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.database).toBe(t.ctx.database.kind);
      expect(json.databaseBytes).toBeGreaterThan(0);
      expect(json.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(json.activeSessions).toBeGreaterThanOrEqual(2);
      // A logout removes one live session.
      const extra = await loginAs(t);
      const withExtra = (await get('/stats/system', managers.superAdmin.auth)).json().activeSessions;
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: extra.auth });
      expect((await get('/stats/system', managers.superAdmin.auth)).json().activeSessions).toBe(withExtra - 1);
    });

    it('answers 401 without a token and 403 to everyone but SuperAdmin (Admin included)', async () => {
      expect((await get('/stats/system')).statusCode).toBe(401);
      expectForbidden(await get('/stats/system', managers.admin.auth));
      for (const role of NON_MANAGERS) expectForbidden(await get('/stats/system', (await loginAs(t, [role])).auth));
    });
  });
});
