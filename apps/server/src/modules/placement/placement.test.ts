// Placement (issue 13 item 4): the cell posts and edits jobs; a student sees only the open jobs they
// are eligible for (department from their sections, CGPA from published results), applies once
// before the deadline; the cell sees applicants, changes their status and exports them; the Admin
// dashboard's open-jobs count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Exam } from '@crs/shared/schemas/assessment';
import { applicantsResponse, jobResponse, jobsResponse, myApplicationsResponse } from '@crs/shared/schemas/placement';
import type { Job } from '@crs/shared/schemas/placement';
import { apiOn, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
let staff: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  staff = (await loginAs(t, ['Staff'])).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const api = apiOn(() => t.app);
async function postJob(auth: Auth, body: Record<string, unknown>): Promise<Job> {
  const res = await api('POST', '/placement/jobs', auth, { company: 'Infosys', role: 'Systems Engineer', packageLpa: 3.6, deadline: addDays(today(), 7), ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(MSG.jobCreated);
  return jobResponse.parse(res.json()).job;
}
const visible = async (auth: Auth) => {
  const res = await api('GET', '/placement/jobs', auth);
  expect(res.statusCode, res.body).toBe(200);
  return jobsResponse.parse(res.json()).jobs;
};

/** A class whose one student has a published exam scored `marks`/100: a CGPA on record. */
async function classWithCgpa(marks: number) {
  const teacher = await person(t, 'Teacher');
  const c = await assignmentFixture(t, admin, teacher.user.id, 1);
  const created = await api('POST', '/assesment/exams', teacher.auth, { name: 'End-term', kind: 'end-term', maxMarks: 100, weight: 100, date: today(), subjectId: c.subject._id, sectionId: c.section._id });
  expect(created.statusCode, created.body).toBe(201);
  const exam = created.json().exam as Exam;
  expect((await api('PUT', `/assesment/exams/${exam._id}/marks`, teacher.auth, { marks: [{ studentId: c.students[0]!.user.id, marks }] })).statusCode).toBe(200);
  expect((await api('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, {})).statusCode).toBe(200);
  const cgpa = (await api('GET', '/results/me', c.students[0]!.auth)).json().cgpa as number;
  expect(cgpa).toBeGreaterThan(0);
  return { ...c, student: c.students[0]!, cgpa };
}

describe('placement', () => {
  it('shows a student only open, eligible, not-yet-due jobs; the cell sees every job', async () => {
    const good = await classWithCgpa(72);
    expect(good.cgpa).toBeLessThan(10);
    const other = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 1);
    const noResults = other.students[0]!;
    const tag = `E${Date.now()}`;
    await postJob(staff, { company: `${tag} open to all` });
    const mineDept = await postJob(admin, { company: `${tag} own dept`, eligibleDepartmentIds: [good.department._id] });
    await postJob(staff, { company: `${tag} other dept`, eligibleDepartmentIds: [other.department._id] });
    await postJob(staff, { company: `${tag} min met`, minCgpa: Math.floor(good.cgpa) });
    await postJob(staff, { company: `${tag} min too high`, minCgpa: Math.min(10, Math.floor(good.cgpa) + 1) });
    const late = await postJob(staff, { company: `${tag} past deadline`, deadline: addDays(today(), -1) });
    const closed = await postJob(staff, { company: `${tag} closed`, status: 'closed' });
    const lastDay = await postJob(staff, { company: `${tag} last day`, deadline: today() });
    expect(mineDept.eligibleDepartments).toEqual([{ _id: good.department._id, code: good.department.code, name: good.department.name }]);

    const names = (jobs: Job[]) => jobs.filter((j) => j.company.startsWith(tag)).map((j) => j.company.slice(tag.length + 1)).sort();
    expect(names(await visible(good.student.auth))).toEqual(['last day', 'min met', 'open to all', 'own dept'].sort());
    // No published results: jobs with a minimum CGPA are not offered.
    expect(names(await visible(noResults.auth))).toEqual(['last day', 'open to all', 'other dept'].sort());
    const cellView = await visible(staff);
    expect(names(cellView)).toHaveLength(8);
    // The cell's list: drives taking applications first (soonest deadline first), then the others.
    const accepting = cellView.map((j) => j.acceptingApplications);
    expect(accepting).toEqual([...accepting].sort((a, b) => Number(b) - Number(a)));
    const open = cellView.filter((j) => j.acceptingApplications).map((j) => j.deadline);
    expect(open).toEqual([...open].sort());
    expect(cellView.find((j) => j._id === late._id)).toMatchObject({ acceptingApplications: false });
    expect(cellView.find((j) => j._id === closed._id)).toMatchObject({ acceptingApplications: false, status: 'closed' });
    expect(cellView.find((j) => j._id === lastDay._id)).toMatchObject({ acceptingApplications: true });
    // Teachers and Librarians have no placement view.
    expect((await api('GET', '/placement/jobs', (await loginAs(t, ['Teacher'])).auth)).statusCode).toBe(403);
  });

  it('refuses ineligible, late, closed and repeated applications; accepts one per job', async () => {
    const good = await classWithCgpa(70);
    const other = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 1);
    const apply = (auth: Auth, job: Job) => api('POST', `/placement/jobs/${job._id}/apply`, auth, {});
    const refused = async (auth: Auth, job: Job, status: number, message: string) => {
      const res = await apply(auth, job);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    const wrongDept = await postJob(staff, { eligibleDepartmentIds: [other.department._id] });
    const min = Math.min(10, Math.ceil(good.cgpa * 100 + 1) / 100);
    const tooHigh = await postJob(staff, { minCgpa: min });
    const late = await postJob(staff, { deadline: addDays(today(), -1) });
    const closed = await postJob(staff, { status: 'closed' });
    const fine = await postJob(staff, { eligibleDepartmentIds: [good.department._id], minCgpa: Math.floor(good.cgpa * 100) / 100 });

    await refused(good.student.auth, wrongDept, 422, MSG.jobDepartmentIneligible);
    await refused(good.student.auth, tooHigh, 422, MSG.jobCgpaIneligible(min.toFixed(2)));
    await refused(other.students[0]!.auth, await postJob(staff, { minCgpa: 5 }), 422, MSG.jobCgpaMissing);
    await refused(good.student.auth, late, 409, MSG.jobDeadlinePassed);
    await refused(good.student.auth, closed, 409, MSG.jobClosed);
    expect((await api('POST', '/placement/jobs/00000000-0000-4000-8000-000000000000/apply', good.student.auth, {})).statusCode).toBe(404);

    const ok = await apply(good.student.auth, fine);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ message: MSG.jobApplied, application: { status: 'applied', job: { _id: fine._id } } });
    await refused(good.student.auth, fine, 409, MSG.jobAlreadyApplied);
    // Two at once: still one application.
    const racer = await classWithCgpa(80);
    const open = await postJob(staff, {});
    const both = await Promise.all([apply(racer.student.auth, open), apply(racer.student.auth, open)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t.ctx, 'placement_applications', `job_id = '${open._id}'`)).toBe(1);

    // Only students apply; the listed job carries the student's application.
    expect((await apply(staff, open)).statusCode).toBe(403);
    expect((await visible(good.student.auth)).find((j) => j._id === fine._id)!.myApplication).toMatchObject({ status: 'applied' });
    const me = myApplicationsResponse.parse((await api('GET', '/placement/applications/me', good.student.auth)).json());
    expect(me.applications.map((a) => a.job._id)).toEqual([fine._id]);
  });

  it('lets only the cell post, edit, list applicants, change status and export', async () => {
    const s = await classWithCgpa(88);
    const student = s.student.auth;
    const teacher = (await loginAs(t, ['Teacher'])).auth;
    for (const auth of [student, teacher]) expect((await api('POST', '/placement/jobs', auth, { company: 'X', role: 'Y', packageLpa: 1, deadline: today() })).statusCode).toBe(403);
    expect((await api('POST', '/placement/jobs', {}, { company: 'X', role: 'Y', packageLpa: 1, deadline: today() })).statusCode).toBe(401);
    const job = await postJob(admin, { company: 'Zoho', role: 'Member Technical Staff', packageLpa: 8.4, location: 'Chennai' });
    expect((await api('PATCH', `/placement/jobs/${job._id}`, student, { status: 'closed' })).statusCode).toBe(403);
    expect((await api('GET', '/placement/departments', staff)).json().departments).toContainEqual({ _id: s.department._id, code: s.department.code, name: s.department.name });
    expect((await api('GET', '/placement/departments', student)).statusCode).toBe(403);

    const applied = (await api('POST', `/placement/jobs/${job._id}/apply`, student, {})).json().application;
    const list = await api('GET', `/placement/jobs/${job._id}/applications`, staff);
    expect(list.statusCode, list.body).toBe(200);
    const { applications, job: listed } = applicantsResponse.parse(list.json());
    expect(listed.applicants).toBe(1);
    expect(applications).toEqual([expect.objectContaining({ _id: applied._id, status: 'applied', cgpa: s.cgpa, student: expect.objectContaining({ _id: s.student.user.id, department: s.department.code }) })]);
    expect((await api('GET', `/placement/jobs/${job._id}/applications`, student)).statusCode).toBe(403);

    // Status: the cell only, one of the four.
    expect((await api('PATCH', `/placement/applications/${applied._id}`, student, { status: 'selected' })).statusCode).toBe(403);
    const badStatus = await api('PATCH', `/placement/applications/${applied._id}`, staff, { status: 'hired' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(MSG.applicationStatusInvalid);
    const shortlisted = await api('PATCH', `/placement/applications/${applied._id}`, staff, { status: 'shortlisted' });
    expect(shortlisted.json()).toMatchObject({ message: MSG.applicationUpdated, application: { status: 'shortlisted' } });
    expect((await api('GET', '/placement/applications/me', student)).json().applications[0]).toMatchObject({ _id: applied._id, status: 'shortlisted' });
    expect((await api('PATCH', '/placement/applications/00000000-0000-4000-8000-000000000000', staff, { status: 'selected' })).statusCode).toBe(404);

    // Export: CSV with the row, .xlsx by its zip signature.
    const csv = await api('GET', `/placement/jobs/${job._id}/applications/export?format=csv`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('applicants-Zoho-Member-Technical-Staff.csv');
    expect(csv.body).toContain('Student ID,Name,Email,Department,CGPA,Status,Applied on');
    // The day applied is the college's day, not UTC's (they differ for 5½ hours every evening in India).
    expect(csv.body).toContain(`,shortlisted,${today()}`);
    const xlsx = await api('GET', `/placement/jobs/${job._id}/applications/export`, admin);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await api('GET', `/placement/jobs/${job._id}/applications/export`, student)).statusCode).toBe(403);

    // Edit: closing refuses further applications.
    const closed = await api('PATCH', `/placement/jobs/${job._id}`, staff, { status: 'closed', packageLpa: 9 });
    expect(closed.json()).toMatchObject({ message: MSG.jobUpdated, job: { status: 'closed', packageLpa: 9, acceptingApplications: false, applicants: 1 } });
  });

  it('refuses bad job input with its texts, and counts open jobs on the overview', async () => {
    const bad = async (body: object, message: string) => {
      const res = await api('POST', '/placement/jobs', staff, { company: 'TCS', role: 'ASE', packageLpa: 3.36, deadline: today(), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ company: ' ' }, MSG.jobCompanyRequired);
    await bad({ role: '' }, MSG.jobRoleRequired);
    await bad({ packageLpa: -1 }, MSG.jobPackage);
    await bad({ packageLpa: 3.333 }, MSG.jobPackage);
    await bad({ minCgpa: 11 }, MSG.jobMinCgpa);
    await bad({ deadline: '31-12-2026' }, MSG.jobDeadlineInvalid);
    await bad({ eligibleDepartmentIds: ['00000000-0000-4000-8000-000000000000'] }, MSG.noticeDepartmentUnknown);

    const overview = async () => (await api('GET', '/stats/overview', admin)).json().openJobs as number;
    const before = await overview();
    const job = await postJob(staff, {});
    await postJob(staff, { deadline: addDays(today(), -3) });
    expect(await overview()).toBe(before + 1);
    await api('PATCH', `/placement/jobs/${job._id}`, staff, { status: 'closed' });
    expect(await overview()).toBe(before);
  });

  it("judges eligibility on exactly the CGPA results/me reports: unpublished exams left out, absence counted as 0, credits weighted", async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const student = c.students[0]!;
    // A second subject (2 credits against the first's 4) in the same section, taught by the same teacher.
    const code = `S${Date.now() % 1_000_000}B`;
    const subject = await api('POST', '/academics/subjects', admin, { code, name: 'Second subject', departmentId: c.department._id, semester: 3, credits: 2 });
    expect(subject.statusCode, subject.body).toBe(201);
    const second = subject.json().subject as { _id: string };
    expect((await api('POST', '/academics/assignments', admin, { teacherId: teacher.user.id, subjectId: second._id, sectionId: c.section._id })).statusCode).toBe(201);
    const exam = async (subjectId: string, weight: number, mark: { marks?: number; absent?: boolean }, publish: boolean) => {
      const created = await api('POST', '/assesment/exams', teacher.auth, { name: `Exam ${weight}`, kind: 'end-term', maxMarks: 100, weight, date: today(), subjectId, sectionId: c.section._id });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json().exam as Exam)._id;
      expect((await api('PUT', `/assesment/exams/${id}/marks`, teacher.auth, { marks: [{ studentId: student.user.id, ...mark }] })).statusCode).toBe(200);
      if (publish) expect((await api('POST', `/assesment/exams/${id}/publish`, teacher.auth, {})).statusCode).toBe(200);
    };
    await exam(c.subject._id, 40, { marks: 73 }, true);
    await exam(c.subject._id, 60, { marks: 95 }, false); // not published: must not lift the CGPA
    await exam(second._id, 100, { absent: true }, true); // absent: 0 %, grade point 0, its 2 credits count
    const results = (await api('GET', '/results/me', student.auth)).json() as { cgpa: number; subjects: Array<{ credits: number; gradePoint: number; percent: number }> };
    expect(results.subjects.map((x) => x.percent).sort((a, b) => a - b)).toEqual([0, 73]);
    const expected = Math.round(((results.subjects[0]!.credits * results.subjects[0]!.gradePoint + results.subjects[1]!.credits * results.subjects[1]!.gradePoint) / 6) * 100) / 100;
    expect(results.cgpa).toBe(expected);
    expect(results.cgpa).toBeGreaterThan(0);

    const tag = `G${Date.now()}`;
    const exact = await postJob(staff, { company: `${tag} exact`, minCgpa: results.cgpa });
    const above = await postJob(staff, { company: `${tag} above`, minCgpa: Math.round((results.cgpa + 0.01) * 100) / 100 });
    const mine = (await visible(student.auth)).filter((j) => j.company.startsWith(tag)).map((j) => j.company);
    expect(mine).toEqual([`${tag} exact`]);
    for (const [job, met] of [[exact, true], [above, false]] as const) {
      const res = await api('GET', `/placement/jobs/${job._id}/eligibility`, student.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().eligibility.cgpa).toEqual({ required: job.minCgpa, yours: results.cgpa, met });
      expect(res.json().eligibility.department.yours).toEqual([{ _id: c.department._id, code: c.department.code, name: c.department.name }]);
    }
  });
});
