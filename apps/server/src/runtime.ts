import { hostname } from 'node:os';
import path from 'node:path';
import { MSG } from '@crs/shared/messages';
import type { Config } from './config.ts';
import { createContext } from './context.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { sweepStaleImports } from './lib/import/staged.ts';
import type { DataDirLock } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { DiskStore } from './lib/storage.ts';
import * as audit from './modules/audit/audit.service.ts';
import { pruneAuthData } from './modules/auth/auth.service.ts';
import { sweepOrphanBytes } from './modules/files/files.service.ts';
import { MailOutbox } from './modules/mail/mail.service.ts';
import * as notifications from './modules/notifications/notifications.service.ts';
import { REMINDER_JOBS } from './modules/reminders/reminders.service.ts';
import * as settings from './modules/settings/settings.service.ts';

export type Runtime = { ctx: AppContext; outbox: MailOutbox; close(): Promise<void> };

/**
 * The composition root's wiring of an open database into a context: the mail module's outbox
 * becomes the context's mail sender, and file bytes go to the disk store under
 * `CRS_DATA_DIR/uploads` (with PostgreSQL too); mails are signed with the institution's name from Settings. Used by openRuntime and by the tests' app factory.
 */
export function assembleContext(config: Config, database: Database, print: (line: string) => void): { ctx: AppContext; outbox: MailOutbox } {
  // Every mail is signed with the institution's name as Settings has it when the mail is stored.
  const signature = async () => MSG.mailSignature(await settings.institutionName(ctx));
  const outbox = new MailOutbox({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, print, signature });
  const store = new DiskStore(path.join(config.dataDir, 'uploads'));
  const ctx = createContext(config, database, outbox, store);
  registerJobs(ctx);
  return { ctx, outbox };
}

/**
 * The modules' periodic work on the job runner (decision 0037), each its own queue so it retries
 * and fails alone; cron minutes are spread over the hour, in the college's time zone. What a run
 * returns (how many rows it removed) is kept as its output.
 */
function registerJobs(ctx: AppContext): void {
  const jobs = ctx.jobs;
  // Every minute, whichever process takes the slot says so: the overview's proof that cron runs.
  jobs.register({ name: 'jobs.heartbeat', cron: '* * * * *', retries: 0, run: async () => ({ pid: process.pid, host: hostname() }) });
  jobs.register({ name: 'auth.prune', cron: '5 * * * *', run: () => pruneAuthData(ctx) });
  // Imports of any kind a crash left pending (at start too: server.ts).
  jobs.register({ name: 'imports.stale', cron: '10 * * * *', run: () => sweepStaleImports(ctx.db, new Date()) });
  jobs.register({ name: 'audit.retention', cron: '20 * * * *', run: async () => audit.purgeOlderThan(ctx, (await settings.current(ctx)).auditRetentionDays) });
  jobs.register({ name: 'files.orphan-sweep', cron: '30 * * * *', run: () => sweepOrphanBytes(ctx) });
  // Notifications (decision 0050): mails a notify() in a transaction left pending (after a crash), and the daily digest.
  jobs.register({ name: 'notifications.deliver', cron: '* * * * *', retries: 1, run: () => notifications.dispatch(ctx) });
  jobs.register({ name: 'notifications.digest', cron: `0 ${ctx.config.digestHour} * * *`, run: () => notifications.sendDigests(ctx) });
  for (const r of REMINDER_JOBS) jobs.register({ name: r.name, cron: r.cron, run: () => r.run(ctx) });
}

/**
 * Opens the configured database (taking the data directory's lock for the embedded one),
 * applies pending migrations and builds the services' context.
 */
export async function openRuntime(config: Config, print: (line: string) => void): Promise<Runtime> {
  let lock: DataDirLock | undefined;
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgresql', url: config.databaseUrl })
    : await (async () => {
        lock = acquireDataDirLock(config.dataDir);
        try {
          return await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
        } catch (err) {
          lock.release();
          throw err;
        }
      })();
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    lock?.release();
    throw err;
  }
  const { ctx, outbox } = assembleContext(config, database, print);
  return {
    ctx,
    outbox,
    async close() {
      await outbox.stop();
      await database.close();
      lock?.release();
    },
  };
}
