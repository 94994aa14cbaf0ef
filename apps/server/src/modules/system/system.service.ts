import type { JobsOverview } from '@crs/shared/schemas/system';
import type { AppContext } from '../../context.ts';
import { jobsOverview } from '../../lib/jobs/overview.ts';

/**
 * The System overview's background jobs: every registered job's queue with its counts by state,
 * the dead letters, the latest failures and the runs waiting for a retry, over every process
 * sharing the database. Reads only; the runner need not be started in this process.
 */
export const jobs = (ctx: AppContext): Promise<JobsOverview> => jobsOverview(ctx.database, ctx.jobs.registered());
