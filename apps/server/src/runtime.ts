import { hostname } from 'node:os';
import path from 'node:path';
import { MSG } from '@crs/shared/messages';
import { ConfigError } from './config.ts';
import type { Config, FileStoreKind } from './config.ts';
import { createContext } from './context.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { sweepStaleImports } from './lib/import/staged.ts';
import type { DataDirLock } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { PostgresStore } from './db/file-store.ts';
import { DiskStore } from './lib/storage.ts';
import type { FileStore } from './lib/storage.ts';
import { S3Store } from './lib/storage-s3.ts';
import * as audit from './modules/audit/audit.service.ts';
import { pruneAuthData } from './modules/auth/auth.service.ts';
import { sweepOrphanBytes } from './modules/files/files.service.ts';
import * as identity from './modules/identity/identity.service.ts';
import * as library from './modules/library/library.service.ts';
import { MailOutbox } from './modules/mail/mail.service.ts';
import * as notifications from './modules/notifications/notifications.service.ts';
import { REMINDER_JOBS } from './modules/reminders/reminders.service.ts';
import * as settings from './modules/settings/settings.service.ts';
import { sharedSecret } from './modules/system/system.service.ts';

export type Runtime = { ctx: AppContext; outbox: MailOutbox; close(): Promise<void> };

/**
 * The composition root's wiring of an open database into a context: the mail module's outbox
 * becomes the context's mail sender, and file bytes go to the store CRS_FILE_STORE names
 * (openFileStore); mails are signed with the institution's name from Settings. Used by openRuntime
 * and by the tests' app factory.
 */
export function assembleContext(config: Config, database: Database, print: (line: string) => void): { ctx: AppContext; outbox: MailOutbox } {
  // Every mail is signed with the institution's name as Settings has it when the mail is stored.
  const signature = async () => MSG.mailSignature(await settings.institutionName(ctx));
  const outbox = new MailOutbox({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, print, signature });
  const store = openFileStore(config.fileStore, config, database);
  const ctx = createContext(config, database, outbox, store);
  registerJobs(ctx);
  return { ctx, outbox };
}

/**
 * A file store of a kind (decision 0049): `disk` under `CRS_DATA_DIR/uploads`, `postgres` in the
 * open database (only a shared PostgreSQL server: the configuration refuses it with the embedded
 * one), `s3` in the S3_* bucket. The server's is CRS_FILE_STORE's; files:migrate opens its target.
 */
export function openFileStore(kind: FileStoreKind, config: Config, database: Database): FileStore {
  switch (kind) {
    case 'disk':
      return new DiskStore(path.join(config.dataDir, 'uploads'));
    case 'postgres':
      return new PostgresStore(database);
    case 's3':
      if (!config.s3) throw new ConfigError('Invalid configuration:\n  the s3 file store needs S3_BUCKET (and S3_REGION, S3_ENDPOINT for a store other than AWS)');
      return new S3Store(config.s3);
  }
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
  jobs.register({ name: 'identity.prune', cron: '7 * * * *', run: () => identity.pruneExpired(ctx) });
  // Imports of any kind a crash left pending (at start too: server.ts).
  jobs.register({ name: 'imports.stale', cron: '10 * * * *', run: () => sweepStaleImports(ctx.db, new Date()) });
  jobs.register({ name: 'audit.retention', cron: '20 * * * *', run: async () => audit.purgeOlderThan(ctx, (await settings.current(ctx)).auditRetentionDays) });
  jobs.register({ name: 'files.orphan-sweep', cron: '30 * * * *', run: () => sweepOrphanBytes(ctx) });
  // Notifications (decision 0050): mails a notify() in a transaction left pending (after a crash), and the daily digest.
  jobs.register({ name: 'notifications.deliver', cron: '* * * * *', retries: 1, run: () => notifications.dispatch(ctx) });
  jobs.register({ name: 'notifications.digest', cron: `0 ${ctx.config.digestHour} * * *`, catchUp: true, run: () => notifications.sendDigests(ctx) });
  jobs.register({ name: 'notifications.weekly-digest', cron: `0 ${ctx.config.digestHour} * * 1`, catchUp: true, run: () => notifications.sendDigests(ctx, 'weekly') });
  // Holds (decision 0053): copies not collected in time pass on to the next member in line.
  jobs.register({ name: 'library.holds-expire', cron: '*/10 * * * *', run: () => library.expireHolds(ctx) });
  for (const r of REMINDER_JOBS) jobs.register({ name: r.name, cron: r.cron, catchUp: r.catchUp ?? false, run: (data) => r.run(ctx, data) });
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
  let resolved = config;
  try {
    await migrate(database);
    // Without JWT_SECRET every process signs with the database's secret (decision 0048).
    if (config.sharedJwtSecret) resolved = { ...config, jwtSecret: await sharedSecret(database.db, 'jwt', config.sharedJwtSecret.adopt) };
  } catch (err) {
    await database.close();
    lock?.release();
    throw err;
  }
  const { ctx, outbox } = assembleContext(resolved, database, print);
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
