import { z } from 'zod';
import { MSG } from '../messages.ts';
import { dateField } from './academics.ts';

/**
 * Analytics and reports (issue 14 items 4 and 5, decision 0030): read-only views over the other
 * modules. Analytics answers figures for charts; a report is a spreadsheet (.xlsx or CSV).
 */

/** The longest date range analytics and reports accept, in days. */
export const MAX_RANGE_DAYS = 366;
/** Analytics' default range when none is given: this many weeks up to today. */
export const DEFAULT_ANALYTICS_WEEKS = 12;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const rangeChecks = <T extends { from?: string | undefined; to?: string | undefined }>(s: z.ZodType<T>) =>
  s
    .refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.rangeOrder, path: ['to'] })
    .refine((v) => !v.from || !v.to || dayNumber(v.to) - dayNumber(v.from) < MAX_RANGE_DAYS, { message: MSG.rangeTooLong(MAX_RANGE_DAYS), path: ['from'] });

// Analytics -----------------------------------------------------------------------------------

/** GET /analytics/overview?from=&to= (YYYY-MM-DD; default the last 12 weeks up to today). */
export const analyticsQuery = rangeChecks(z.strictObject({ from: dateField.optional(), to: dateField.optional() }));
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const countOf = z.number().int();
export const analyticsOverviewSchema = z.object({
  /** The range the figures cover (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  /** Students enrolled in each department's sections by `to`; every department, by code. */
  enrolment: z.array(z.object({ department: z.string(), departmentName: z.string(), students: countOf })),
  /** Attendance per week (Monday, YYYY-MM-DD) and department (its sections' classes); percent one decimal, null: nothing marked. */
  attendance: z.object({
    weeks: z.array(z.string()),
    departments: z.array(z.object({ department: z.string(), departmentName: z.string(), percent: z.array(z.number().nullable()), marked: z.array(countOf) })),
  }),
  /**
   * Marks of published exams dated in the range, per subject: how many sat (not absent), passed
   * (grade other than F), the pass rate (percent of those who sat, one decimal) and the count per
   * grade of the grading scale in force (Settings; `grades` in the scale's order), plus absences.
   */
  results: z.object({
    grades: z.array(z.string()),
    subjects: z.array(
      z.object({
        subjectCode: z.string(),
        subjectName: z.string(),
        department: z.string(),
        sat: countOf,
        passed: countOf,
        absent: countOf,
        passRate: z.number(),
        counts: z.array(countOf),
      }),
    ),
  }),
  /** Library per week (Monday): loans issued and returned in the week, loans overdue at its end (now for the current week). */
  library: z.array(z.object({ week: z.string(), issued: countOf, returned: countOf, overdue: countOf })),
  /**
   * Placement per department (of the student's sections; by code): applications made in the range
   * and how many of them are now 'selected' (offers). Only departments with an application.
   */
  placement: z.array(z.object({ department: z.string(), departmentName: z.string(), applications: countOf, offers: countOf })),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

// Reports -------------------------------------------------------------------------------------

export const REPORT_NAMES = ['attendance-register', 'attendance-shortage', 'marks-by-exam', 'library-overdue', 'placement-applications'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_PARAMS = ['sectionId', 'month', 'examId', 'jobId', 'from', 'to'] as const;
export type ReportParamName = (typeof REPORT_PARAMS)[number];

/** A month, YYYY-MM. */
export const monthField = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.monthFormat);

export const reportParams = z.strictObject({ name: z.enum(REPORT_NAMES, { error: MSG.reportNotFound }) });
/** GET /reports/{name}: every report's parameters are optional here; the report says which it needs (400 naming the field). */
export const reportQuery = rangeChecks(
  z.strictObject({
    format: z.enum(REPORT_FORMATS, { error: MSG.reportFormat }).default('xlsx'),
    sectionId: z.uuid(MSG.sectionNotFound).optional(),
    month: monthField.optional(),
    examId: z.uuid(MSG.examNotFound).optional(),
    jobId: z.uuid(MSG.jobNotFound).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  }),
);
export type ReportQuery = z.infer<typeof reportQuery>;

const reportParamSchema = z.object({
  name: z.enum(REPORT_PARAMS),
  label: z.string(),
  kind: z.enum(['select', 'month', 'date']),
  required: z.boolean(),
  /** For a select: the values to choose from. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type ReportParam = z.infer<typeof reportParamSchema>;

/** GET /reports: the reports the caller may download, with their parameters (select options filled in). */
export const reportListSchema = z.object({
  reports: z.array(z.object({ name: z.enum(REPORT_NAMES), title: z.string(), description: z.string(), params: z.array(reportParamSchema) })),
});
export type ReportList = z.infer<typeof reportListSchema>;

/** Titles and descriptions of the reports (server list, file names and the page). */
export const REPORT_TEXT: Record<ReportName, { title: string; description: string }> = {
  'attendance-register': { title: 'Attendance register', description: 'One section for one month: each student’s attended and marked classes per subject, and overall.' },
  'attendance-shortage': { title: 'Students under the attendance threshold', description: 'Every student whose attendance is below the threshold, with their section and figures.' },
  'marks-by-exam': { title: 'Marks by exam', description: 'One exam’s marks for every student of its section, with percent and grade.' },
  'library-overdue': { title: 'Library overdue and fines', description: 'Loans overdue now and fines not yet paid or waived.' },
  'placement-applications': { title: 'Placement applications', description: 'Applications to one job or to every job: the student, their department and CGPA, and the status.' },
};

/** Labels of report parameters. */
export const REPORT_PARAM_LABEL: Record<ReportParamName, string> = { sectionId: 'Section', month: 'Month', examId: 'Exam', jobId: 'Job', from: 'From', to: 'To' };

// Staff dashboard -----------------------------------------------------------------------------

/** Notices whose last day shown falls within this many days from today (today included) count as expiring. */
export const NOTICE_EXPIRY_DAYS = 7;
/**
 * GET /stats/tasks: the Staff dashboard's Open Tasks, counted from live data: sign-ups awaiting
 * approval, loans overdue, notices expiring within NOTICE_EXPIRY_DAYS, placement applications
 * still 'applied' (to review).
 */
export const openTasksSchema = z.object({ pendingApprovals: countOf, overdueLoans: countOf, expiringNotices: countOf, applicationsToReview: countOf });
export type OpenTasks = z.infer<typeof openTasksSchema>;
