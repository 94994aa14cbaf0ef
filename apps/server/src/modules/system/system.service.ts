import { randomBytes } from 'node:crypto';
import { MSG } from '@crs/shared/messages';
import type { JobsOverview } from '@crs/shared/schemas/system';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { jobsOverview } from '../../lib/jobs/overview.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import { putIfAbsentThenGet } from './secrets.repository.ts';

/**
 * The System overview's background jobs: every registered job's queue with its counts by state,
 * the dead letters, the latest failures and the runs waiting for a retry, over every process
 * sharing the database. Reads only; the runner need not be started in this process.
 */
export const jobs = (ctx: AppContext): Promise<JobsOverview> => jobsOverview(ctx.database, ctx.jobs.registered());

/**
 * POST /system/jobs/{name}/run (SuperAdmin): queues a registered job to run now, on whichever
 * process polls first, with `date` for a dated batch (absence alerts for that day). 404 for an
 * unknown job. Audited. A job's own "once" (dedupe keys, slots) still holds.
 */
export async function runJob(ctx: AppContext, p: Principal, name: string, data: { date?: string | undefined } = {}) {
  if (!ctx.jobs.registered().some((j) => j.name === name)) throw notFound(MSG.jobUnknown, 'JOB_NOT_FOUND');
  const payload = data.date ? { date: data.date } : {};
  const jobId = await ctx.jobs.send(name, payload);
  await audit.record(ctx, p, { action: 'system.job_run', target: { type: 'job', id: name, label: name }, details: payload });
  return { message: MSG.jobQueued(name), jobId };
}

/**
 * A 256-bit secret the server generates for itself, shared by every process on the database
 * (decision 0048): the first process to ask stores it (`adopt`, an older install's value, or a
 * random one), every later one reads that. Called by the root at start, before any request.
 */
export async function sharedSecret(db: Executor, name: string, adopt?: Uint8Array): Promise<Uint8Array> {
  const candidate = Buffer.from(adopt ?? randomBytes(32)).toString('hex');
  return Buffer.from(await putIfAbsentThenGet(db, name, candidate), 'hex');
}
