import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, JobStatus } from '@crs/shared/schemas/placement';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Placement (issue 13, decision 0028): the cell's job postings and students' applications. A job's
 * eligible departments are ids of `departments` (empty: all); `deadline` is the last day to apply
 * in the college's time zone. One application per student and job (a unique constraint); a
 * withdrawn one is taken up again when the student re-applies.
 */
export const placementJobs = pgTable(
  'placement_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    role: text('role').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    packageLpa: numeric('package_lpa', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    eligibleDepartmentIds: uuid('eligible_department_ids').array().notNull().default(sql`'{}'::uuid[]`),
    minCgpa: numeric('min_cgpa', { precision: 4, scale: 2, mode: 'number' }),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    status: text('status').$type<JobStatus>().notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('placement_jobs_open_idx').on(t.status, t.deadline),
    check('placement_jobs_status_check', sql`${t.status} in ('open', 'closed')`),
    check('placement_jobs_package_check', sql`${t.packageLpa} >= 0`),
    check('placement_jobs_cgpa_check', sql`${t.minCgpa} is null or ${t.minCgpa} between 0 and 10`),
  ],
);

export const placementApplications = pgTable(
  'placement_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => placementJobs.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull().default('applied'),
    /** The CGPA the eligibility check saw (null: no published results then). */
    cgpa: numeric('cgpa', { precision: 4, scale: 2, mode: 'number' }),
    /** The résumé (a PDF of purpose `resume`) sent with the application, if any. */
    resumeFileId: uuid('resume_file_id').references(() => files.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('placement_applications_job_student_key').on(t.jobId, t.studentId),
    index('placement_applications_student_idx').on(t.studentId, t.appliedAt),
    check('placement_applications_status_check', sql`${t.status} in ('applied', 'shortlisted', 'selected', 'rejected', 'withdrawn')`),
  ],
);
