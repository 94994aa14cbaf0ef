import { randomBytes } from 'node:crypto';
import type { JobsOverview } from '@crs/shared/schemas/system';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { jobsOverview } from '../../lib/jobs/overview.ts';
import { putIfAbsentThenGet } from './secrets.repository.ts';

/**
 * The System overview's background jobs: every registered job's queue with its counts by state,
 * the dead letters, the latest failures and the runs waiting for a retry, over every process
 * sharing the database. Reads only; the runner need not be started in this process.
 */
export const jobs = (ctx: AppContext): Promise<JobsOverview> => jobsOverview(ctx.database, ctx.jobs.registered());

/**
 * A 256-bit secret the server generates for itself, shared by every process on the database
 * (decision 0048): the first process to ask stores it (`adopt`, an older install's value, or a
 * random one), every later one reads that. Called by the root at start, before any request.
 */
export async function sharedSecret(db: Executor, name: string, adopt?: Uint8Array): Promise<Uint8Array> {
  const candidate = Buffer.from(adopt ?? randomBytes(32)).toString('hex');
  return Buffer.from(await putIfAbsentThenGet(db, name, candidate), 'hex');
}
