import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@crs/shared/schemas/placement';
import type { Executor } from '../../db/client.ts';
import { placementApplications, placementJobs } from '../../db/schema/placement.ts';

// Queries of job postings and applications. Each takes the database or an open transaction.

export type JobRow = typeof placementJobs.$inferSelect;
export type JobValues = typeof placementJobs.$inferInsert;
export type ApplicationRow = typeof placementApplications.$inferSelect;
export type JobWithCount = JobRow & { applicants: number };

// A withdrawn application no longer counts as an applicant.
const applicants = sql<number>`(select count(*)::int from placement_applications a where a.job_id = "placement_jobs"."id" and a.status <> 'withdrawn')`;
const uuidArray = (values: readonly string[]) => (values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::uuid[]` : sql`'{}'::uuid[]`);
const openOn = (today: string) => and(eq(placementJobs.status, 'open'), gte(placementJobs.deadline, today));

/** Every job (the cell) with applicant counts: those taking applications first, soonest deadline first; then the rest, latest deadline first. */
export async function listAllJobs(db: Executor, today: string): Promise<JobWithCount[]> {
  const accepting = sql`(${placementJobs.status} = 'open' and ${placementJobs.deadline} >= ${today})`;
  const rows = await db
    .select({ job: placementJobs, applicants })
    .from(placementJobs)
    .orderBy(desc(accepting), sql`case when ${accepting} then ${placementJobs.deadline} end asc`, desc(placementJobs.deadline), asc(placementJobs.company))
    .limit(1000);
  return rows.map((r) => ({ ...r.job, applicants: Number(r.applicants) }));
}

/**
 * Jobs a student may apply to today: open, deadline not passed, their department among the eligible
 * ones (or none listed), and the minimum CGPA met (or none set), soonest deadline first.
 */
export function listEligibleJobs(db: Executor, f: { today: string; departmentIds: readonly string[]; cgpa: number | null }): Promise<JobRow[]> {
  return db
    .select()
    .from(placementJobs)
    .where(
      and(
        openOn(f.today),
        sql`(cardinality(${placementJobs.eligibleDepartmentIds}) = 0 or ${placementJobs.eligibleDepartmentIds} && ${uuidArray(f.departmentIds)})`,
        f.cgpa === null ? sql`${placementJobs.minCgpa} is null` : sql`(${placementJobs.minCgpa} is null or ${placementJobs.minCgpa} <= ${f.cgpa})`,
      ),
    )
    .orderBy(asc(placementJobs.deadline), asc(placementJobs.company))
    .limit(500);
}

export const countOpenJobs = async (db: Executor, today: string): Promise<number> =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(placementJobs).where(openOn(today)))[0]?.n ?? 0);
export const countJobs = async (db: Executor): Promise<number> => Number((await db.select({ n: sql<number>`count(*)::int` }).from(placementJobs))[0]?.n ?? 0);

export async function findJob(db: Executor, id: string): Promise<JobWithCount | undefined> {
  const [r] = await db.select({ job: placementJobs, applicants }).from(placementJobs).where(eq(placementJobs.id, id));
  return r ? { ...r.job, applicants: Number(r.applicants) } : undefined;
}
export const insertJob = async (db: Executor, v: JobValues): Promise<JobRow> => (await db.insert(placementJobs).values(v).returning())[0]!;
export const insertJobs = async (db: Executor, list: JobValues[]): Promise<JobRow[]> => (list.length ? db.insert(placementJobs).values(list).returning() : []);
export const updateJob = async (db: Executor, id: string, v: Partial<JobValues>): Promise<JobRow | undefined> =>
  (await db.update(placementJobs).set({ ...v, updatedAt: sql`now()` }).where(eq(placementJobs.id, id)).returning())[0];

// Applications ------------------------------------------------------------------------------------

export const insertApplication = async (db: Executor, v: typeof placementApplications.$inferInsert): Promise<ApplicationRow> =>
  (await db.insert(placementApplications).values(v).returning())[0]!;
export const insertApplications = async (db: Executor, list: Array<typeof placementApplications.$inferInsert>) => {
  if (list.length) await db.insert(placementApplications).values(list);
};
/** A student's applications, newest first, with their jobs. */
export async function applicationsOfStudent(db: Executor, studentId: string): Promise<Array<ApplicationRow & { job: JobRow }>> {
  const rows = await db
    .select({ application: placementApplications, job: placementJobs })
    .from(placementApplications)
    .innerJoin(placementJobs, eq(placementJobs.id, placementApplications.jobId))
    .where(eq(placementApplications.studentId, studentId))
    .orderBy(desc(placementApplications.appliedAt));
  return rows.map((r) => ({ ...r.application, job: r.job }));
}
/** The student's applications to some jobs, by job id. */
export async function applicationsByJob(db: Executor, studentId: string, jobIds: readonly string[]): Promise<Map<string, ApplicationRow>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(placementApplications)
    .where(and(eq(placementApplications.studentId, studentId), inArray(placementApplications.jobId, [...jobIds])));
  return new Map(rows.map((r) => [r.jobId, r]));
}
/** A job's applications, first applied first. */
export const applicationsOfJob = (db: Executor, jobId: string): Promise<ApplicationRow[]> =>
  db.select().from(placementApplications).where(eq(placementApplications.jobId, jobId)).orderBy(asc(placementApplications.appliedAt), asc(placementApplications.id));
export const findApplication = async (db: Executor, id: string): Promise<ApplicationRow | undefined> =>
  (await db.select().from(placementApplications).where(eq(placementApplications.id, id)))[0];
/** The student's application to a job, if any (withdrawn ones too). */
export const findApplicationOf = async (db: Executor, jobId: string, studentId: string): Promise<ApplicationRow | undefined> =>
  (await db.select().from(placementApplications).where(and(eq(placementApplications.jobId, jobId), eq(placementApplications.studentId, studentId))))[0];
/** An application and its job, the application's row locked until the transaction ends (a status change). */
export async function lockApplication(tx: Executor, id: string): Promise<(ApplicationRow & { job: JobRow }) | undefined> {
  const [r] = await tx
    .select({ application: placementApplications, job: placementJobs })
    .from(placementApplications)
    .innerJoin(placementJobs, eq(placementJobs.id, placementApplications.jobId))
    .where(eq(placementApplications.id, id))
    .for('update', { of: placementApplications });
  return r ? { ...r.application, job: r.job } : undefined;
}
export const setApplicationStatus = async (db: Executor, id: string, status: ApplicationStatus): Promise<ApplicationRow | undefined> =>
  (await db.update(placementApplications).set({ status, updatedAt: sql`now()` }).where(eq(placementApplications.id, id)).returning())[0];
/**
 * A new application, or the student's withdrawn one taken up again (status back to 'applied', applied
 * now, with this CGPA and résumé). Undefined when they hold a live application to the job: one
 * statement, so two racing requests still make one application.
 */
export async function applyOrRenew(db: Executor, v: { jobId: string; studentId: string; cgpa: number | null; resumeFileId: string | null }): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .insert(placementApplications)
    .values(v)
    .onConflictDoUpdate({
      target: [placementApplications.jobId, placementApplications.studentId],
      set: { status: 'applied', cgpa: v.cgpa, resumeFileId: v.resumeFileId, appliedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: eq(placementApplications.status, 'withdrawn'),
    })
    .returning();
  return row;
}
/** Whether a file is the résumé of some application (the cell may read it). */
export const isResume = async (db: Executor, fileId: string): Promise<boolean> =>
  (await db.select({ id: placementApplications.id }).from(placementApplications).where(eq(placementApplications.resumeFileId, fileId)).limit(1)).length > 0;

// Figures for analytics, reports and the Staff dashboard (decision 0030) ----------------------------

/** Applications made from..to (dates in the college's time zone): each one's student and status. */
export const applicationsAppliedBetween = (db: Executor, f: { from: string; to: string; timeZone: string }) =>
  db
    .select({ studentId: placementApplications.studentId, status: placementApplications.status })
    .from(placementApplications)
    .where(sql`(${placementApplications.appliedAt} at time zone ${f.timeZone})::date between ${f.from} and ${f.to}`);

/** Applications (of one job, or every job) with their jobs: by company, role, then first applied first. */
export async function applicationsWithJobs(db: Executor, jobId: string | undefined, limit: number): Promise<Array<ApplicationRow & { job: JobRow }>> {
  const rows = await db
    .select({ application: placementApplications, job: placementJobs })
    .from(placementApplications)
    .innerJoin(placementJobs, eq(placementJobs.id, placementApplications.jobId))
    .where(jobId ? eq(placementApplications.jobId, jobId) : undefined)
    .orderBy(asc(placementJobs.company), asc(placementJobs.role), asc(placementJobs.id), asc(placementApplications.appliedAt), asc(placementApplications.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.application, job: r.job }));
}

export const countApplicationsWithStatus = async (db: Executor, status: ApplicationStatus): Promise<number> =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(placementApplications).where(eq(placementApplications.status, status)))[0]?.n ?? 0);

/** Every job for a report's choice: newest deadline first. */
export const jobChoices = (db: Executor) =>
  db.select({ id: placementJobs.id, company: placementJobs.company, role: placementJobs.role, deadline: placementJobs.deadline }).from(placementJobs).orderBy(desc(placementJobs.deadline), asc(placementJobs.company)).limit(1000);
