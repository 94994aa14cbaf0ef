import { z } from 'zod';
import { MSG } from '../messages.ts';
import { fileRefSchema } from './files.ts';
import { dateField } from './notices.ts';

// Placement (issue 13 item 4, decision 0028): the placement cell (Staff, Admin, SuperAdmin) posts
// jobs; a student sees the open jobs they are eligible for (department and CGPA, checked on the
// server) and applies once per job before its deadline; the cell moves applications through
// applied → shortlisted → selected / rejected and exports them. Issue 25: the student sees the
// eligibility check before applying, may send a résumé (PDF) with the application, and may withdraw
// it until the deadline ('withdrawn', a status only the student sets).

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const APPLICATION_STATUSES = ['applied', 'shortlisted', 'selected', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The statuses the cell sets (a withdrawal is the student's). */
export const CELL_STATUSES = ['applied', 'shortlisted', 'selected', 'rejected'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

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

export const applicationStatusBody = z.strictObject({ status: z.enum(CELL_STATUSES, MSG.applicationStatusInvalid) });

export const myApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  appliedAt: z.string(),
  updatedAt: z.string(),
  /** The résumé sent with the application (its `url` opens it for a while without a token), or null. */
  resume: fileRefSchema.nullable(),
  /** The student may still withdraw it: applied or shortlisted, and the job's deadline not passed (the server decides). */
  withdrawable: z.boolean(),
});

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
/** POST /placement/applications/{id}/withdraw. */
export const withdrawResponse = applyResponse;

/**
 * GET /placement/jobs/{id}/eligibility (a Student): each criterion of the job beside the student's
 * own value, as the server computes them — the same check POST …/apply makes.
 */
export const eligibilitySchema = z.object({
  /** Every criterion met: applying will not be refused for eligibility. */
  eligible: z.boolean(),
  /** Open and the deadline (the last day, college time) not passed. */
  accepting: z.object({ status: z.enum(JOB_STATUSES), deadline: z.string(), today: z.string(), met: z.boolean() }),
  /** `required` empty: every department. `yours`: the departments of the student's sections. */
  department: z.object({
    required: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
    yours: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
    met: z.boolean(),
  }),
  /** `required` null: no minimum. `yours` null: no published results yet. */
  cgpa: z.object({ required: z.number().nullable(), yours: z.number().nullable(), met: z.boolean() }),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;
export const eligibilityResponse = z.object({ eligibility: eligibilitySchema });

/** GET /placement/jobs/{id}/applications: the cell's view of one job's applicants. */
export const applicantSchema = myApplicationSchema.omit({ withdrawable: true }).extend({
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
