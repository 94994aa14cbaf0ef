import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import { MSG } from '@crs/shared/messages';
import { PLACEMENT_CELL, hasAnyRole } from '@crs/shared/roles';
import type { Applicant, ApplicantsResponse, ApplicationStatus, CreateJob, Job, StudentApplication, UpdateJobInput } from '@crs/shared/schemas/placement';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { CSV_TYPE, XLSX_TYPE, xlsxOf } from '../../lib/spreadsheet.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.service.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './placement.repository.ts';
import type { ApplicationRow, JobRow } from './placement.repository.ts';

// Placement (issue 13 item 4, decision 0028). The cell (Staff, Admin, SuperAdmin; the routes'
// access lists) posts and edits jobs and moves applications through their statuses; a student
// sees and applies to the open jobs they are eligible for. Eligibility is decided here, from the
// student's sections' departments (academics) and their CGPA over published results (assessment),
// never from anything the client sends.

const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;
const isCell = (p: Principal) => hasAnyRole(p.user.roles, PLACEMENT_CELL);
const accepting = (job: JobRow, on: string) => job.status === 'open' && job.deadline >= on;

type Departments = Map<string, { id: string; code: string; name: string }>;
async function departmentsOf(ctx: AppContext, jobs: JobRow[]): Promise<Departments> {
  const rows = await academics.departmentsByIds(ctx, [...new Set(jobs.flatMap((j) => j.eligibleDepartmentIds))]);
  return new Map(rows.map((d) => [d.id, d]));
}

function presentJob(job: JobRow, depts: Departments, on: string, extra: { applicants: number; mine: ApplicationRow | undefined }): Job {
  return {
    _id: job.id,
    company: job.company,
    role: job.role,
    description: job.description,
    location: job.location,
    packageLpa: Number(job.packageLpa),
    eligibleDepartments: job.eligibleDepartmentIds.flatMap((id) => {
      const d = depts.get(id);
      return d ? [{ _id: d.id, code: d.code, name: d.name }] : [];
    }),
    minCgpa: job.minCgpa === null ? null : Number(job.minCgpa),
    deadline: job.deadline,
    status: job.status,
    acceptingApplications: accepting(job, on),
    applicants: extra.applicants,
    myApplication: extra.mine ? presentMine(extra.mine) : null,
    createdAt: job.createdAt.toISOString(),
  };
}
const presentMine = (a: ApplicationRow) => ({ _id: a.id, status: a.status, appliedAt: a.appliedAt.toISOString(), updatedAt: a.updatedAt.toISOString() });
const presentStudentApplication = (a: ApplicationRow, job: JobRow): StudentApplication => ({
  ...presentMine(a),
  job: { _id: job.id, company: job.company, role: job.role, location: job.location, packageLpa: Number(job.packageLpa), deadline: job.deadline, status: job.status },
});

/** What the server knows of a student for eligibility: their departments and CGPA (null: no published results). */
async function standingOf(ctx: AppContext, p: Principal): Promise<{ departmentIds: string[]; cgpa: number | null }> {
  const [where, results] = await Promise.all([academics.affiliationOf(ctx, p.user.id), assessment.myResults(ctx, p)]);
  return { departmentIds: where.departmentIds, cgpa: results.cgpa };
}

/**
 * GET /placement/jobs: the cell gets every job with applicant counts; a student the open jobs they
 * are eligible for today (with their application, if any).
 */
export async function listJobs(ctx: AppContext, p: Principal): Promise<{ jobs: Job[] }> {
  const on = today(ctx);
  if (isCell(p)) {
    const jobs = await repo.listAllJobs(ctx.db, on);
    const depts = await departmentsOf(ctx, jobs);
    return { jobs: jobs.map((j) => presentJob(j, depts, on, { applicants: j.applicants, mine: undefined })) };
  }
  const standing = await standingOf(ctx, p);
  const jobs = await repo.listEligibleJobs(ctx.db, { today: on, ...standing });
  const [depts, mine] = await Promise.all([
    departmentsOf(ctx, jobs),
    repo.applicationsByJob(
      ctx.db,
      p.user.id,
      jobs.map((j) => j.id),
    ),
  ]);
  return { jobs: jobs.map((j) => presentJob(j, depts, on, { applicants: 0, mine: mine.get(j.id) })) };
}

async function checkDepartments(ctx: AppContext, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if ((await academics.departmentsByIds(ctx, unique)).length !== unique.length)
    throw badRequest(MSG.noticeDepartmentUnknown, 'DEPARTMENT_NOT_FOUND', [{ path: 'eligibleDepartmentIds', message: MSG.noticeDepartmentUnknown }]);
  return unique;
}

async function cellView(ctx: AppContext, job: JobRow, applicants: number): Promise<Job> {
  return presentJob(job, await departmentsOf(ctx, [job]), today(ctx), { applicants, mine: undefined });
}

/** POST /placement/jobs: the eligible departments must exist (400). */
export async function createJob(ctx: AppContext, p: Principal, v: CreateJob): Promise<Job> {
  const eligibleDepartmentIds = await checkDepartments(ctx, v.eligibleDepartmentIds);
  const row = await repo.insertJob(ctx.db, { ...v, eligibleDepartmentIds, createdBy: p.user.id });
  return cellView(ctx, row, 0);
}

/** PATCH /placement/jobs/{id}: any field, e.g. closing it; 404 unknown. */
export async function updateJob(ctx: AppContext, id: string, v: UpdateJobInput): Promise<Job> {
  const before = await repo.findJob(ctx.db, id);
  if (!before) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  const patch = { ...v, ...(v.eligibleDepartmentIds && { eligibleDepartmentIds: await checkDepartments(ctx, v.eligibleDepartmentIds) }) };
  const row = await repo.updateJob(ctx.db, id, Object.fromEntries(Object.entries(patch).filter(([, x]) => x !== undefined)));
  if (!row) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  return cellView(ctx, row, before.applicants);
}

/**
 * POST /placement/jobs/{id}/apply (a Student): 404 unknown job; 409 closed, past its deadline or
 * applied before (also when two requests race: the unique constraint); 422 when their department
 * is not eligible or their CGPA is below the minimum (or unknown where a minimum is set).
 */
export async function apply(ctx: AppContext, p: Principal, jobId: string): Promise<StudentApplication> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  if (job.status !== 'open') throw conflict(MSG.jobClosed, 'JOB_CLOSED');
  if (job.deadline < today(ctx)) throw conflict(MSG.jobDeadlinePassed, 'DEADLINE_PASSED');
  const standing = await standingOf(ctx, p);
  if (job.eligibleDepartmentIds.length > 0 && !job.eligibleDepartmentIds.some((d) => standing.departmentIds.includes(d)))
    throw new AppError(422, 'DEPARTMENT_NOT_ELIGIBLE', MSG.jobDepartmentIneligible);
  if (job.minCgpa !== null) {
    const min = Number(job.minCgpa);
    if (standing.cgpa === null) throw new AppError(422, 'CGPA_UNKNOWN', MSG.jobCgpaMissing);
    if (standing.cgpa < min) throw new AppError(422, 'CGPA_TOO_LOW', MSG.jobCgpaIneligible(min.toFixed(2)));
  }
  try {
    const row = await repo.insertApplication(ctx.db, { jobId, studentId: p.user.id, cgpa: standing.cgpa });
    return presentStudentApplication(row, job);
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw conflict(MSG.jobAlreadyApplied, 'ALREADY_APPLIED');
    throw err;
  }
}

/** GET /placement/applications/me: the student's applications, newest first. */
export async function myApplications(ctx: AppContext, p: Principal): Promise<{ applications: StudentApplication[] }> {
  return { applications: (await repo.applicationsOfStudent(ctx.db, p.user.id)).map((a) => presentStudentApplication(a, a.job)) };
}

async function presentApplicants(ctx: AppContext, rows: ApplicationRow[]): Promise<Applicant[]> {
  const ids = rows.map((r) => r.studentId);
  const [people, depts] = await Promise.all([users.peopleByIds(ctx, ids), academics.departmentCodesOfStudents(ctx, ids)]);
  return rows.map((r) => {
    const person = people.get(r.studentId);
    return {
      ...presentMine(r),
      student: { _id: r.studentId, name: person?.name ?? 'Unknown', email: person?.email ?? '', studentId: person?.studentId ?? null, department: depts.get(r.studentId)?.join(', ') || null },
      cgpa: r.cgpa === null ? null : Number(r.cgpa),
    };
  });
}

/** GET /placement/jobs/{id}/applications (the cell): the job and its applicants, first applied first. */
export async function jobApplications(ctx: AppContext, jobId: string): Promise<ApplicantsResponse> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  const rows = await repo.applicationsOfJob(ctx.db, jobId);
  return { job: await cellView(ctx, job, job.applicants), applications: await presentApplicants(ctx, rows) };
}

/** PATCH /placement/applications/{id} (the cell): sets the status; 404 unknown. */
export async function setStatus(ctx: AppContext, id: string, status: ApplicationStatus): Promise<Applicant> {
  const row = await repo.setApplicationStatus(ctx.db, id, status);
  if (!row) throw notFound(MSG.applicationNotFound, 'APPLICATION_NOT_FOUND');
  return (await presentApplicants(ctx, [row]))[0]!;
}

/** GET /placement/jobs/{id}/applications/export: the applicants as .xlsx or CSV (formula-looking cells made inert). */
export async function exportApplications(ctx: AppContext, jobId: string, format: 'xlsx' | 'csv') {
  const { job, applications } = await jobApplications(ctx, jobId);
  const rows: CsvCell[][] = [['Student ID', 'Name', 'Email', 'Department', 'CGPA', 'Status', 'Applied on']];
  for (const a of applications) rows.push([a.student.studentId ?? '', a.student.name, a.student.email, a.student.department ?? '', a.cgpa ?? '', a.status, collegeClock(ctx.config.timeZone, new Date(a.appliedAt)).date]);
  const name = `applicants-${job.company}-${job.role}`.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 80);
  return format === 'csv'
    ? { type: CSV_TYPE, filename: `${name}.csv`, body: toCsv(rows) as string | Buffer }
    : { type: XLSX_TYPE, filename: `${name}.xlsx`, body: xlsxOf(rows, `${job.company}`.replace(/[^A-Za-z0-9 -]+/g, '-').slice(0, 31) || 'Applicants') as string | Buffer };
}

/** GET /placement/departments: what a job's eligibility can name. */
export async function departments(ctx: AppContext) {
  const { departments: rows } = await academics.listDepartments(ctx);
  return { departments: rows.map((d) => ({ _id: d._id, code: d.code, name: d.name })) };
}

/** Jobs open for applications today (the Admin dashboard's 'Open Jobs'). */
export const openJobCount = (ctx: AppContext): Promise<number> => repo.countOpenJobs(ctx.db, today(ctx));

// Figures for analytics, reports and the Staff dashboard (decision 0030) ----------------------------

/**
 * Applications made from..to (college dates) per department code of the student's sections, and how
 * many of them are now 'selected' (offers). A student in sections of two departments counts in both.
 */
export async function offersByDepartment(ctx: AppContext, from: string, to: string): Promise<Map<string, { applications: number; offers: number }>> {
  const rows = await repo.applicationsAppliedBetween(ctx.db, { from, to, timeZone: ctx.config.timeZone });
  const depts = await academics.departmentCodesOfStudents(
    ctx,
    rows.map((r) => r.studentId),
  );
  const out = new Map<string, { applications: number; offers: number }>();
  for (const r of rows) {
    for (const code of depts.get(r.studentId) ?? []) {
      const c = out.get(code) ?? { applications: 0, offers: 0 };
      c.applications += 1;
      if (r.status === 'selected') c.offers += 1;
      out.set(code, c);
    }
  }
  return out;
}

/** Every job as a report's choice ('Company — Role (deadline)'). */
export const jobChoices = async (ctx: AppContext): Promise<Array<{ id: string; label: string }>> =>
  (await repo.jobChoices(ctx.db)).map((j) => ({ id: j.id, label: `${j.company} — ${j.role} (${j.deadline})` }));

/** Applications of one job (404 unknown) or of every job, for the placement applications report. */
export async function applicationsForReport(ctx: AppContext, jobId: string | undefined, limit: number) {
  if (jobId && !(await repo.findJob(ctx.db, jobId))) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  const rows = await repo.applicationsWithJobs(ctx.db, jobId, limit);
  const applicants = await presentApplicants(ctx, rows);
  return rows.map((r, i) => ({ company: r.job.company, role: r.job.role, ...applicants[i]! }));
}

/** Applications still 'applied': waiting for the cell's review (the Staff dashboard's Open Tasks). */
export const applicationsToReviewCount = (ctx: AppContext): Promise<number> => repo.countApplicationsWithStatus(ctx.db, 'applied');

export { seedDemoPlacement } from './placement.seed.ts';
