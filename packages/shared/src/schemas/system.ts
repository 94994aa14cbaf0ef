import { z } from 'zod';

/**
 * The System overview's background jobs (issue 26 item 7, decision 0037): `GET /system/jobs`,
 * SuperAdmin only. Times are ISO 8601 (UTC); counts cover what the job runner still keeps
 * (completed runs of the last day, failures of the last week).
 */

const count = z.number().int().min(0);

/** One registered job's queue. */
export const jobQueueSchema = z.object({
  name: z.string(),
  /** Its cron (5 fields, in the college's time zone), or null when it only runs when sent. */
  cron: z.string().nullable(),
  /** Due or scheduled, not started. */
  waiting: count,
  /** Failed at least once, waiting for its next attempt. */
  retrying: count,
  /** Running now (in any process). */
  active: count,
  /** Finished in the last 24 hours. */
  completed: count,
  /** Used up their retries in the last 7 days. */
  failed: count,
  /** When a run last finished, or null. */
  lastCompletedAt: z.string().nullable(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

/** A run that used up its retries (it is also kept in the dead-letter queue). */
export const jobFailureSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** The last attempt's error message. */
  error: z.string(),
  attempts: count,
  failedAt: z.string(),
});
export type JobFailure = z.infer<typeof jobFailureSchema>;

/** A run that failed and waits to be tried again (backoff: each wait about twice the last). */
export const jobRetrySchema = z.object({
  id: z.string(),
  queue: z.string(),
  error: z.string(),
  /** Attempts made so far. */
  attempts: count,
  nextAttemptAt: z.string(),
});
export type JobRetry = z.infer<typeof jobRetrySchema>;

export const jobsOverviewSchema = z.object({
  /** False until the runner has started once on this database (no job has run yet). */
  installed: z.boolean(),
  queues: z.array(jobQueueSchema),
  /** Runs in the dead-letter queue, waiting for someone to look. */
  deadLetters: count,
  /** The 20 latest failures, newest first. */
  failures: z.array(jobFailureSchema),
  /** Runs waiting to be retried, soonest first (at most 20). */
  retries: z.array(jobRetrySchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** POST /system/jobs/{name}/run: a registered job's name; `date` (YYYY-MM-DD) runs a dated batch for that day (absence alerts). */
export const runJobParams = z.strictObject({ name: z.string().trim().min(1).max(100).regex(/^[a-z0-9.-]+$/, 'Unknown job') });
export const runJobBody = z.strictObject({ date: z.iso.date('Date must be YYYY-MM-DD').optional() }).optional();
export const runJobResponse = z.object({ message: z.string(), jobId: z.string().nullable() });
