import { MSG } from '@crs/shared/messages';
import { PLACEMENT_CELL, hasAnyRole } from '@crs/shared/roles';
import type { Applicant, ApplicantsResponse, CellStatus, CreateJob, Eligibility, Job, StudentApplication, UpdateJobInput } from '@crs/shared/schemas/placement';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sheetDownload } from '../../lib/spreadsheet.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import type { FileRow } from '../files/files.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './placement.repository.ts';
import type { ApplicationRow, JobRow } from './placement.repository.ts';
import { accepting, applicantsSheet, departmentRef, jobChoice, presentApplicant, presentJob, presentStudentApplication } from './placement.presenter.ts';
import type { Departments, Resumes } from './placement.presenter.ts';

// Placement (issue 13 item 4, decision 0028). The cell (Staff, Admin, SuperAdmin; the routes'
// access lists) posts and edits jobs and moves applications through their statuses; a student
// sees and applies to the open jobs they are eligible for. Eligibility is decided here, from the
// student's sections' departments (academics) and their CGPA over published results (assessment),
// never from anything the client sends. A student may send a résumé (a PDF, files purpose `resume`)
// with the application, in the application's transaction, and withdraw it until the deadline; every
// status change after applying is in the audit log (issue 25).

const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;
const isCell = (p: Principal) => hasAnyRole(p.user.roles, PLACEMENT_CELL);
async function departmentsOf(ctx: AppContext, jobs: JobRow[]): Promise<Departments> {
  const rows = await academics.departmentsByIds(ctx, [...new Set(jobs.flatMap((j) => j.eligibleDepartmentIds))]);
  return new Map(rows.map((d) => [d.id, d]));
}

/** The department codes of each student's sections, by student id (by code; students on no section are left out). */
async function departmentCodesOf(ctx: AppContext, studentIds: readonly string[]): Promise<Map<string, string[]>> {
  const sections = await academics.sectionsOfStudents(ctx, studentIds);
  return new Map([...sections].map(([id, list]) => [id, [...new Set(list.map((s) => s.departmentCode))].sort()]));
}
/** The résumés of some applications, by file id. */
const resumesOf = (ctx: AppContext, rows: ApplicationRow[]): Promise<Resumes> => files.signedRefs(ctx, rows.flatMap((r) => (r.resumeFileId ? [r.resumeFileId] : [])));

async function presentOne(ctx: AppContext, a: ApplicationRow, job: JobRow): Promise<StudentApplication> {
  return presentStudentApplication(a, job, today(ctx), await resumesOf(ctx, [a]));
}

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
  const resumes = await resumesOf(ctx, [...mine.values()]);
  return { jobs: jobs.map((j) => presentJob(j, depts, on, { applicants: 0, mine: mine.get(j.id), resumes })) };
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

/** Each of a job's criteria beside the student's own value: the one check both the summary and apply use. */
async function judge(ctx: AppContext, job: JobRow, standing: { departmentIds: string[]; cgpa: number | null }): Promise<Eligibility> {
  const on = today(ctx);
  const depts = await academics.departmentsByIds(ctx, [...new Set([...job.eligibleDepartmentIds, ...standing.departmentIds])]);
  const named = (ids: readonly string[]) => depts.filter((d) => ids.includes(d.id)).map(departmentRef);
  const min = job.minCgpa === null ? null : Number(job.minCgpa);
  const open = { status: job.status, deadline: job.deadline, today: on, met: accepting(job, on) };
  const department = {
    required: named(job.eligibleDepartmentIds),
    yours: named(standing.departmentIds),
    met: job.eligibleDepartmentIds.length === 0 || job.eligibleDepartmentIds.some((d) => standing.departmentIds.includes(d)),
  };
  const cgpa = { required: min, yours: standing.cgpa, met: min === null || (standing.cgpa !== null && standing.cgpa >= min) };
  return { eligible: open.met && department.met && cgpa.met, accepting: open, department, cgpa };
}

/**
 * GET /placement/jobs/{id}/eligibility (a Student): the job's criteria (open and before its deadline,
 * departments, minimum CGPA) beside the student's values, judged as POST …/apply judges them; 404 unknown.
 */
export async function eligibility(ctx: AppContext, p: Principal, jobId: string): Promise<Eligibility> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  return judge(ctx, job, await standingOf(ctx, p));
}

/** A résumé as the apply route read it from the form. */
export type ResumeUpload = { bytes: Buffer; filename: string; tooLarge: boolean };

/**
 * POST /placement/jobs/{id}/apply (a Student), with an optional résumé: 404 unknown job; 409 closed,
 * past its deadline or applied before (also when two requests race: one statement decides); 422 when
 * their department is not eligible or their CGPA is below the minimum (or unknown where a minimum is
 * set); 413/415 a résumé over 2 MiB or not a PDF by its content. The résumé and the application are
 * written in one transaction: a refusal leaves neither. A withdrawn application is taken up again
 * (status back to applied, recorded in the audit log) and its old résumé removed after commit.
 */
export async function apply(ctx: AppContext, p: Principal, jobId: string, resume?: ResumeUpload): Promise<StudentApplication> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  // Placement serves current students: a graduate (issue 27 item 5) keeps reading, but applies no more.
  if (await academics.isGraduate(ctx, p.user.id)) throw forbidden(MSG.graduateCannotApply, 'GRADUATE_CANNOT_APPLY');
  const judged = await judge(ctx, job, await standingOf(ctx, p));
  if (job.status !== 'open') throw conflict(MSG.jobClosed, 'JOB_CLOSED');
  if (!judged.accepting.met) throw conflict(MSG.jobDeadlinePassed, 'DEADLINE_PASSED');
  if (!judged.department.met) throw new AppError(422, 'DEPARTMENT_NOT_ELIGIBLE', MSG.jobDepartmentIneligible);
  if (!judged.cgpa.met) {
    if (judged.cgpa.yours === null) throw new AppError(422, 'CGPA_UNKNOWN', MSG.jobCgpaMissing);
    throw new AppError(422, 'CGPA_TOO_LOW', MSG.jobCgpaIneligible(judged.cgpa.required!.toFixed(2)));
  }
  if (resume?.tooLarge) throw files.fileTooLarge('resume');
  // Refused before anything is written (not even the bytes): a file that is not a PDF, an application already made.
  if (resume) await files.checkUpload('resume', resume.bytes, resume.filename);
  const before = await repo.findApplicationOf(ctx.db, jobId, p.user.id);
  if (before && before.status !== 'withdrawn') throw conflict(MSG.jobAlreadyApplied, 'ALREADY_APPLIED');
  const row = await ctx.db.transaction(async (tx) => {
    const file = resume ? await files.saveUpload(ctx, { purpose: 'resume', ownerId: p.user.id, bytes: resume.bytes, filename: resume.filename }, tx) : undefined;
    try {
      const saved = await repo.applyOrRenew(tx, { jobId, studentId: p.user.id, cgpa: judged.cgpa.yours, resumeFileId: file?.id ?? null });
      if (!saved) throw conflict(MSG.jobAlreadyApplied, 'ALREADY_APPLIED');
      if (before) await audit.record(ctx, p, statusEntry(job, saved, { name: p.user.name, email: p.user.email }, 'withdrawn'), tx);
      return saved;
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw conflict(MSG.jobAlreadyApplied, 'ALREADY_APPLIED');
      throw err;
    }
  });
  // The application is committed: a failure to remove the replaced résumé must not turn it into an
  // error; its bytes would be swept as an orphan.
  if (before?.resumeFileId && before.resumeFileId !== row.resumeFileId) await files.removeFile(ctx, before.resumeFileId).catch(() => undefined);
  return presentOne(ctx, row, job);
}

/** The audit entry of an application's status change: the job and the student named, the status before and after. */
function statusEntry(job: JobRow, a: ApplicationRow, student: { name: string | null; email: string | null }, from: string): audit.AuditEvent {
  const who = student.email ? `${student.name ?? student.email} <${student.email}>` : (student.name ?? a.studentId);
  return {
    action: 'placement.status_changed',
    target: { type: 'placement application', id: a.id, label: `${job.company} — ${job.role}: ${who}` },
    changes: { status: { from, to: a.status } },
  };
}

/**
 * POST /placement/applications/{id}/withdraw (the student who applied; another's is 404): until the
 * job's last day; 409 after it, when already withdrawn, or once selected or rejected. Recorded in the
 * audit log with the status before and after.
 */
export async function withdraw(ctx: AppContext, p: Principal, id: string): Promise<StudentApplication> {
  const { row, job } = await ctx.db.transaction(async (tx) => {
    const a = await repo.lockApplication(tx, id);
    if (!a || a.studentId !== p.user.id) throw notFound(MSG.applicationNotFound, 'APPLICATION_NOT_FOUND');
    if (a.status === 'withdrawn') throw conflict(MSG.applicationAlreadyWithdrawn, 'ALREADY_WITHDRAWN');
    if (a.status === 'selected' || a.status === 'rejected') throw conflict(MSG.applicationDecided(a.status), 'APPLICATION_DECIDED');
    if (a.job.deadline < today(ctx)) throw conflict(MSG.withdrawDeadlinePassed, 'DEADLINE_PASSED');
    const saved = (await repo.setApplicationStatus(tx, id, 'withdrawn'))!;
    await audit.record(ctx, p, statusEntry(a.job, saved, { name: p.user.name, email: p.user.email }, a.status), tx);
    return { row: saved, job: a.job };
  });
  return presentOne(ctx, row, job);
}

/** GET /placement/applications/me: the student's applications, newest first. */
export async function myApplications(ctx: AppContext, p: Principal): Promise<{ applications: StudentApplication[] }> {
  const rows = await repo.applicationsOfStudent(ctx.db, p.user.id);
  const [on, resumes] = [today(ctx), await resumesOf(ctx, rows)];
  return { applications: rows.map((a) => presentStudentApplication(a, a.job, on, resumes)) };
}

async function presentApplicants(ctx: AppContext, rows: ApplicationRow[]): Promise<Applicant[]> {
  const ids = rows.map((r) => r.studentId);
  const [people, depts, resumes] = await Promise.all([users.usersByIds(ctx, ids), departmentCodesOf(ctx, ids), resumesOf(ctx, rows)]);
  return rows.map((r) => presentApplicant(r, people.get(r.studentId), depts.get(r.studentId), resumes));
}

/** GET /placement/jobs/{id}/applications (the cell): the job and its applicants, first applied first. */
export async function jobApplications(ctx: AppContext, jobId: string): Promise<ApplicantsResponse> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job) throw notFound(MSG.jobNotFound, 'JOB_NOT_FOUND');
  const rows = await repo.applicationsOfJob(ctx.db, jobId);
  return { job: await cellView(ctx, job, job.applicants), applications: await presentApplicants(ctx, rows) };
}

/**
 * PATCH /placement/applications/{id} (the cell): sets the status; 404 unknown, 409 when the student
 * withdrew it. A change is recorded in the audit log (before and after) in its transaction; setting
 * the status it has changes and records nothing.
 */
export async function setStatus(ctx: AppContext, p: Principal, id: string, status: CellStatus): Promise<Applicant> {
  const found = await repo.findApplication(ctx.db, id);
  if (!found) throw notFound(MSG.applicationNotFound, 'APPLICATION_NOT_FOUND');
  const student = (await users.usersByIds(ctx, [found.studentId])).get(found.studentId);
  const row = await ctx.db.transaction(async (tx) => {
    const a = await repo.lockApplication(tx, id);
    if (!a) throw notFound(MSG.applicationNotFound, 'APPLICATION_NOT_FOUND');
    if (a.status === 'withdrawn') throw conflict(MSG.applicationWithdrawnByStudent, 'APPLICATION_WITHDRAWN');
    if (a.status === status) return a;
    const saved = (await repo.setApplicationStatus(tx, id, status))!;
    await audit.record(ctx, p, statusEntry(a.job, saved, { name: student?.name ?? null, email: student?.email ?? null }, a.status), tx);
    return saved;
  });
  return (await presentApplicants(ctx, [row]))[0]!;
}

/** Whether a reader may open a résumé besides its student and Admin/SuperAdmin: the placement cell, for a file sent with an application. */
export const mayReadResume = async (ctx: AppContext, p: Principal, file: FileRow): Promise<boolean> => isCell(p) && (await repo.isResume(ctx.db, file.id));

/** GET /placement/jobs/{id}/applications/export: the applicants as .xlsx or CSV (formula-looking cells made inert). */
export async function exportApplications(ctx: AppContext, jobId: string, format: 'xlsx' | 'csv') {
  const { job, applications } = await jobApplications(ctx, jobId);
  const rows = applicantsSheet(applications, (iso) => collegeClock(ctx.config.timeZone, new Date(iso)).date);
  const name = `applicants-${job.company}-${job.role}`.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 80);
  return sheetDownload(format, name, rows, `${job.company}`.replace(/[^A-Za-z0-9 -]+/g, '-').slice(0, 31) || 'Applicants');
}

/** GET /placement/departments: what a job's eligibility can name. */
export async function departments(ctx: AppContext) {
  const rows = await academics.allDepartments(ctx);
  return { departments: rows.map((d) => ({ _id: d.id, code: d.code, name: d.name })) };
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
  const depts = await departmentCodesOf(
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
  (await repo.jobChoices(ctx.db)).map(jobChoice);

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

// For the notification engine's reminders (issue 30) ------------------------------------------

/**
 * The open jobs whose last day to apply is `deadline`, each with the active students eligible for
 * it (department and CGPA, judged as applying judges them) who have not applied.
 */
export async function eligibleNotApplied(ctx: AppContext, deadline: string): Promise<Array<{ job: { id: string; company: string; role: string; deadline: string }; studentIds: string[] }>> {
  const jobs = (await repo.listAllJobs(ctx.db, today(ctx))).filter((j) => j.status === 'open' && j.deadline === deadline);
  if (jobs.length === 0) return [];
  const students = await users.activeUsersWithRole(ctx, 'Student');
  const needCgpa = jobs.some((j) => j.minCgpa !== null);
  const standing = new Map<string, { departmentIds: string[]; cgpa: number | null }>();
  for (const s of students) {
    const [where, cgpa] = await Promise.all([academics.affiliationOf(ctx, s.id), needCgpa ? assessment.cgpaOf(ctx, s.id) : null]);
    standing.set(s.id, { departmentIds: where.departmentIds, cgpa });
  }
  const out = [];
  for (const job of jobs) {
    const applied = new Set((await repo.applicationsOfJob(ctx.db, job.id)).map((a) => a.studentId));
    const studentIds = [];
    for (const s of students) if (!applied.has(s.id) && (await judge(ctx, job, standing.get(s.id)!)).eligible) studentIds.push(s.id);
    out.push({ job: { id: job.id, company: job.company, role: job.role, deadline: job.deadline }, studentIds });
  }
  return out;
}
