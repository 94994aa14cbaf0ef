import type { CsvCell } from '@crs/shared/csv';
import type { FileRef } from '@crs/shared/schemas/files';
import type { Applicant, Job, StudentApplication } from '@crs/shared/schemas/placement';
import type { ApplicationRow, JobRow } from './placement.repository.ts';

// Placement's answers take their shape here: jobs, a student's applications, a job's applicants
// and their spreadsheet. Whether a job takes applications and whether an application may still be
// withdrawn are computed here from the college date `on`, and carried in every answer.

/** Departments by id, as the academics module names them. */
export type Departments = Map<string, { id: string; code: string; name: string }>;
/** Résumés by file id, each with the signed link the reader was given. */
export type Resumes = Map<string, FileRef>;
/** What the users module says of an applicant. */
export type ApplicantCard = { name: string; email: string; studentId: string | null };

export const departmentRef = (d: { id: string; code: string; name: string }) => ({ _id: d.id, code: d.code, name: d.name });

/** Open and its last day not passed. */
export const accepting = (job: JobRow, on: string) => job.status === 'open' && job.deadline >= on;

/** Applied or shortlisted, and the job's last day not passed: the student may still withdraw. */
const withdrawable = (a: ApplicationRow, job: JobRow, on: string) => (a.status === 'applied' || a.status === 'shortlisted') && job.deadline >= on;
const presentResume = (a: ApplicationRow, resumes: Resumes) => (a.resumeFileId && resumes.get(a.resumeFileId)) || null;

const presentMine = (a: ApplicationRow, job: JobRow, on: string, resumes: Resumes) => ({
  _id: a.id,
  status: a.status,
  appliedAt: a.appliedAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
  resume: presentResume(a, resumes),
  withdrawable: withdrawable(a, job, on),
});

/** A job; `applicants` counts live applications (the cell), `mine` is the reading student's application. */
export function presentJob(job: JobRow, depts: Departments, on: string, extra: { applicants: number; mine: ApplicationRow | undefined; resumes?: Resumes }): Job {
  return {
    _id: job.id,
    company: job.company,
    role: job.role,
    description: job.description,
    location: job.location,
    packageLpa: Number(job.packageLpa),
    eligibleDepartments: job.eligibleDepartmentIds.flatMap((id) => {
      const d = depts.get(id);
      return d ? [departmentRef(d)] : [];
    }),
    minCgpa: job.minCgpa === null ? null : Number(job.minCgpa),
    deadline: job.deadline,
    status: job.status,
    acceptingApplications: accepting(job, on),
    applicants: extra.applicants,
    myApplication: extra.mine ? presentMine(extra.mine, job, on, extra.resumes ?? new Map()) : null,
    createdAt: job.createdAt.toISOString(),
  };
}

/** A student's application with the job it is for. */
export const presentStudentApplication = (a: ApplicationRow, job: JobRow, on: string, resumes: Resumes): StudentApplication => ({
  ...presentMine(a, job, on, resumes),
  job: { _id: job.id, company: job.company, role: job.role, location: job.location, packageLpa: Number(job.packageLpa), deadline: job.deadline, status: job.status },
});

/** An application as the cell sees it: the student (their departments' codes) and the CGPA they applied with. */
export const presentApplicant = (r: ApplicationRow, student: ApplicantCard | undefined, departmentCodes: readonly string[] | undefined, resumes: Resumes): Applicant => ({
  _id: r.id,
  status: r.status,
  appliedAt: r.appliedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  resume: presentResume(r, resumes),
  student: { _id: r.studentId, name: student?.name ?? 'Unknown', email: student?.email ?? '', studentId: student?.studentId ?? null, department: departmentCodes?.join(', ') || null },
  cgpa: r.cgpa === null ? null : Number(r.cgpa),
});

/** The applicants' spreadsheet rows, a header first; `dateOf` gives the college date of an instant. */
export function applicantsSheet(applications: readonly Applicant[], dateOf: (iso: string) => string): CsvCell[][] {
  const rows: CsvCell[][] = [['Student ID', 'Name', 'Email', 'Department', 'CGPA', 'Status', 'Applied on']];
  for (const a of applications) rows.push([a.student.studentId ?? '', a.student.name, a.student.email, a.student.department ?? '', a.cgpa ?? '', a.status, dateOf(a.appliedAt)]);
  return rows;
}

/** A job as a report's choice: 'Company — Role (deadline)'. */
export const jobChoice = (j: { id: string; company: string; role: string; deadline: string }) => ({ id: j.id, label: `${j.company} — ${j.role} (${j.deadline})` });
