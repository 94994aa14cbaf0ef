import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { Caches } from './lib/cache.ts';
import type { MailSender } from './lib/mail.ts';
import { JobRunner } from './lib/jobs/runner.ts';
import type { FileStore } from './lib/storage.ts';

/** The advisory lock the job runner's install holds on a shared PostgreSQL database ('crsj'). */
const JOBS_LOCK = 0x63_72_73_6a;

/**
 * What every service needs: built once per process (or per test file) by the composition root and
 * passed down. Core only: modules keep their own state in `caches` and reach each other through
 * their services, never through fields here.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: MailSender;
  /** The bytes of uploaded and generated files (modules/files keeps their records). */
  store: FileStore;
  caches: Caches;
  /** Background jobs (lib/jobs): the root registers the modules' jobs and starts it (server.ts). */
  jobs: JobRunner;
  startedAt: number;
  /**
   * Set by the root on SIGTERM (server.ts, decision 0048): readiness answers 503 so a load balancer
   * stops sending new work, while the process keeps serving for its grace period.
   */
  lifecycle: { draining: boolean };
};

export function createContext(config: Config, database: Database, mailer: MailSender, store: FileStore): AppContext {
  return {
    config,
    database,
    db: database.db,
    mailer,
    store,
    caches: new Caches(database.notifier),
    jobs: new JobRunner({
      db: database,
      timeZone: config.timeZone,
      pollSeconds: config.jobsPollSeconds,
      cronSeconds: config.jobsCronSeconds,
      exclusively: (fn) => database.exclusively(JOBS_LOCK, fn),
    }),
    startedAt: Date.now(),
    lifecycle: { draining: false },
  };
}
