import { z } from 'zod';
import { MSG } from '../messages.ts';
import { dateField } from './notices.ts';

// Placement (issue 13 item 4, decision 0028): the placement cell (Staff, Admin, SuperAdmin) posts
// jobs; a student sees the open jobs they are eligible for (department and CGPA, checked on the
// server) and applies once per job before its deadline; the cell moves applications through
// applied → shortlisted → selected / rejected and exports them.

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const APPLICATION_STATUSES = ['applied', 'shortlisted', 'selected', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const text = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const jobFields = {
  company: text(MSG.jobCompanyRequired, 100, MSG.jobTextTooLong),
  role: text(MSG.jobRoleRequired, 100, MSG.jobTextTooLong),
  description: z.string().trim().max(5000, MSG.jobDescriptionTooLong).default(''),
  location: z.string().trim().max(100, MSG.jobTextTooLong).default(''),
  /** Cost to company in lakh rupees a year. */
  packageLpa: z.number({ error: MSG.jobPackage }).min(0, MSG.jobPackage).max(200, MSG.jobPackage).refine(twoDecimals, MSG.jobPackage),
  /** No departments: every department may apply. */
  eligibleDepartmentIds: z.array(z.uuid(MSG.noticeDepartmentUnknown)).max(50, MSG.noticeAudienceTooMany).default([]),
  /** Null: no minimum. */
  minCgpa: z.number({ error: MSG.jobMinCgpa }).min(0, MSG.jobMinCgpa).max(10, MSG.jobMinCgpa).refine(twoDecimals, MSG.jobMinCgpa).nullable().default(null),
  /** The last day to apply ('YYYY-MM-DD', in the college's time zone). */
  deadline: dateField(MSG.jobDeadlineInvalid),
  status: z.enum(JOB_STATUSES).default('open'),
};

/** POST /placement/jobs. */
export const createJobSchema = z.strictObject(jobFields);
export type CreateJobInput = z.input<typeof createJobSchema>;
export type CreateJob = z.output<typeof createJobSchema>;
/** PATCH /placement/jobs/{id}: any of the fields (e.g. `{status: 'closed'}`). */
export const updateJobSchema = z.strictObject({
  company: jobFields.company.optional(),
  role: jobFields.role.optional(),
  description: z.string().trim().max(5000, MSG.jobDescriptionTooLong).optional(),
  location: z.string().trim().max(100, MSG.jobTextTooLong).optional(),
  packageLpa: jobFields.packageLpa.optional(),
  eligibleDepartmentIds: z.array(z.uuid(MSG.noticeDepartmentUnknown)).max(50, MSG.noticeAudienceTooMany).optional(),
  minCgpa: z.number({ error: MSG.jobMinCgpa }).min(0, MSG.jobMinCgpa).max(10, MSG.jobMinCgpa).refine(twoDecimals, MSG.jobMinCgpa).nullable().optional(),
  deadline: dateField(MSG.jobDeadlineInvalid).optional(),
  status: z.enum(JOB_STATUSES).optional(),
});
export type UpdateJobInput = z.input<typeof updateJobSchema>;

export const applicationStatusBody = z.strictObject({ status: z.enum(APPLICATION_STATUSES, MSG.applicationStatusInvalid) });

export const myApplicationSchema = z.object({ _id: z.string(), status: z.enum(APPLICATION_STATUSES), appliedAt: z.string(), updatedAt: z.string() });

export const jobSchema = z.object({
  _id: z.string(),
  company: z.string(),
  role: z.string(),
  description: z.string(),
  location: z.string(),
  packageLpa: z.number(),
  eligibleDepartments: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
  minCgpa: z.number().nullable(),
  deadline: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Open and the deadline not passed (today counts). */
  acceptingApplications: z.boolean(),
  /** How many have applied (the cell's view; 0 in a student's). */
  applicants: z.number().int(),
  /** The caller's application, if any (a student's view). */
  myApplication: myApplicationSchema.nullable(),
  createdAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobsResponse = z.object({ jobs: z.array(jobSchema) });
export type JobsResponse = z.infer<typeof jobsResponse>;
export const jobResponse = z.object({ message: z.string(), job: jobSchema });

/** GET /placement/applications/me: the student's applications with their jobs. */
export const studentApplicationSchema = myApplicationSchema.extend({
  job: z.object({ _id: z.string(), company: z.string(), role: z.string(), location: z.string(), packageLpa: z.number(), deadline: z.string(), status: z.enum(JOB_STATUSES) }),
});
export type StudentApplication = z.infer<typeof studentApplicationSchema>;
export const myApplicationsResponse = z.object({ applications: z.array(studentApplicationSchema) });
export const applyResponse = z.object({ message: z.string(), application: studentApplicationSchema });

/** GET /placement/jobs/{id}/applications: the cell's view of one job's applicants. */
export const applicantSchema = myApplicationSchema.extend({
  student: z.object({ _id: z.string(), name: z.string(), email: z.string(), studentId: z.string().nullable(), department: z.string().nullable() }),
  /** The CGPA when they applied (null: no published results then). */
  cgpa: z.number().nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;
export const applicantsResponse = z.object({ job: jobSchema, applications: z.array(applicantSchema) });
export type ApplicantsResponse = z.infer<typeof applicantsResponse>;
export const applicantResponse = z.object({ message: z.string(), application: applicantSchema });
export const exportQuery = z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** GET /placement/departments (the cell): what a job's eligibility can name. */
export const placementDepartmentsResponse = z.object({ departments: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })) });
export type PlacementDepartments = z.infer<typeof placementDepartmentsResponse>;
