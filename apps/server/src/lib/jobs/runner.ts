// Background jobs on pg-boss, an existing PostgreSQL job queue (decision 0037) — not a queue of our
// own. Modules describe their jobs (a name, a cron, retries, the work); the composition root
// registers them here and starts the runner once the database is migrated. The engine keeps its
// own schema (`pgboss`), retries with exponential backoff and jitter, moves a job that used up its
// retries to `failed` and a copy to the dead-letter queue, and runs each cron slot once however
// many processes share the database (a slot is a unique key of the job that starts it). A job may
// ask for its latest slot to be caught up at start when no process ran at that time.
import cronParser from 'cron-parser';
import PgBoss from 'pg-boss';

/** What the engine needs from the database: the Database's `executeSql` (PGlite or PostgreSQL). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Job = {
  /** The queue's name, `<module>.<what>` (letters, digits, dots and dashes). */
  name: string;
  /** A 5-field cron in the college's time zone (minute precision); none: the job only runs when sent. */
  cron?: string;
  /**
   * Daily or weekly work that must not be lost to a restart: when no process ran at the latest slot
   * (the server down at 17:00), the first process to start afterwards runs it once. Only for work
   * that is harmless to run late and twice (reminders carry dedupe keys, digests claim their rows).
   */
  catchUp?: boolean;
  /** Attempts after the first failure (default 3). */
  retries?: number;
  /** Seconds before the first retry (default 30); each later retry waits about twice as long. */
  retryDelaySeconds?: number;
  /** A run longer than this fails (default 15 minutes). */
  timeoutSeconds?: number;
  /** The work. A throw counts as a failed attempt; what it returns is kept as the job's output. */
  run(data: Record<string, unknown>): Promise<unknown>;
};

/** Where a job that used up its retries is copied (pg-boss's dead-letter queue); nothing works it. */
export const DEAD_LETTER_QUEUE = 'jobs.dead-letter';
/** pg-boss's schema in the database. */
export const JOBS_SCHEMA = 'pgboss';

export type JobRunnerOptions = {
  db: SqlExecutor;
  /** The college's time zone: crons are read in it. */
  timeZone: string;
  /** How often each process looks for due work, 1–45 s. */
  pollSeconds: number;
  /**
   * How often the schedules are checked for a due slot, 1–45 s (any check inside a slot's minute
   * queues it, once). One process does each check, and a check is not cheap: the engine works out
   * each schedule's previous slot in the college's zone, ~5 ms of the event loop per schedule
   * (80–130 ms for the 16 of today) — every 5 s that was a stall of the process every 5 s.
   */
  cronSeconds: number;
  /** Runs `fn` while no other process installs the engine (the database's advisory lock). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
};

const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;
/** The engine's own queue through which its cron monitor sends each slot's job. */
const SEND_IT_QUEUE = '__pgboss__send-it';
type StoredSchedule = { name: string; cron: string; timezone: string; created_on: Date | string };

/** The registry of jobs and, once started, the engine that runs them. One per process. */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private boss: PgBoss | undefined;
  private onError: (err: unknown) => void = () => {};

  constructor(private readonly opts: JobRunnerOptions) {}

  /** Adds a job; names are unique and fixed before start. */
  register(job: Job): void {
    if (this.boss) throw new Error(`job ${job.name} registered after the runner started`);
    if (!NAME.test(job.name)) throw new Error(`bad job name: ${job.name}`);
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
  }

  /** The registered jobs, by name. */
  registered(): Job[] {
    return [...this.jobs.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  /**
   * Installs or upgrades the engine's schema, makes each job's queue (with its retry rules and the
   * dead-letter queue), replaces the stored cron schedules with the registered ones and starts a
   * worker per queue. Never runs a job twice because two processes started together.
   */
  async start(onError: (err: unknown) => void): Promise<void> {
    if (this.boss) return;
    this.onError = onError;
    const { db, pollSeconds, cronSeconds } = this.opts;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => db.executeSql(text, values) as Promise<{ rows: never[] }> },
      schema: JOBS_SCHEMA,
      cronMonitorIntervalSeconds: cronSeconds,
      cronWorkerIntervalSeconds: pollSeconds,
      pollingIntervalSeconds: pollSeconds,
      // Failures stay in the job table (and on the System overview) for a week before archiving.
      archiveFailedAfterSeconds: 7 * 24 * 3600,
    });
    // An error the engine met outside a job (a failed poll); a job's own errors stay on the job.
    boss.on('error', (err) => this.onError(err));
    this.boss = boss;
    try {
      await this.opts.exclusively(async () => {
        await boss.start();
        await boss.createQueue(DEAD_LETTER_QUEUE);
        for (const job of this.jobs.values()) {
          const rules = {
            name: job.name,
            retryLimit: job.retries ?? 3,
            retryDelay: job.retryDelaySeconds ?? 30,
            retryBackoff: true,
            expireInSeconds: job.timeoutSeconds ?? 15 * 60,
            deadLetter: DEAD_LETTER_QUEUE,
          };
          await boss.createQueue(job.name, rules);
          await boss.updateQueue(job.name, rules); // a queue made by an older version takes today's rules
        }
        for (const schedule of await boss.getSchedules()) {
          if (!this.jobs.get(schedule.name)?.cron) await boss.unschedule(schedule.name);
        }
        const missed = await this.missedSlots(new Date());
        for (const job of this.jobs.values()) {
          if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: this.opts.timeZone });
        }
        // Under the same lock: a process starting next sees this run and sends none.
        for (const { name, slot } of missed) await boss.send(name, {}, { singletonKey: `catch-up:${slot.toISOString()}` });
      });
      for (const job of this.jobs.values()) {
        await boss.work<Record<string, unknown>>(job.name, { batchSize: 1 }, async ([one]) => (one ? job.run(one.data ?? {}) : undefined));
      }
    } catch (err) {
      this.boss = undefined;
      await boss.stop({ graceful: false }).catch(() => {});
      throw err;
    }
  }

  /**
   * The latest slot of each `catchUp` job that passed with no process running: its schedule (the
   * same cron and zone) was stored before the slot, the slot is over a minute old (a younger one is
   * the cron monitor's to send, which looks back a minute) and no run of the job was queued since.
   */
  private async missedSlots(now: Date): Promise<Array<{ name: string; slot: Date }>> {
    const { db, timeZone } = this.opts;
    const { rows } = await db.executeSql(`select name, cron, timezone, created_on from ${JOBS_SCHEMA}.schedule`);
    const stored = new Map((rows as StoredSchedule[]).map((s) => [s.name, s]));
    const missed: Array<{ name: string; slot: Date }> = [];
    for (const job of this.jobs.values()) {
      const schedule = stored.get(job.name);
      if (!job.catchUp || !job.cron || !schedule || schedule.cron !== job.cron || schedule.timezone !== timeZone) continue;
      const slot = cronParser.parseExpression(job.cron, { tz: timeZone, currentDate: now }).prev().toDate();
      if (now.getTime() - slot.getTime() < 60_000 || new Date(schedule.created_on) > slot) continue;
      const queued = await db.executeSql(
        `select 1 from ${JOBS_SCHEMA}.job where (name = $1 or (name = $2 and data->>'name' = $1)) and created_on >= $3
         union all select 1 from ${JOBS_SCHEMA}.archive where name = $1 and created_on >= $3 limit 1`,
        [job.name, SEND_IT_QUEUE, slot.toISOString()],
      );
      if (queued.rows.length === 0) missed.push({ name: job.name, slot });
    }
    return missed;
  }

  /** Queues one run of a registered job now; its id. */
  async send(name: string, data: Record<string, unknown> = {}): Promise<string | null> {
    if (!this.boss) throw new Error('the job runner is not started');
    if (!this.jobs.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data);
  }

  /**
   * Stops taking work and waits up to `timeoutMs` for runs under way (a run still going then is
   * failed and retried later, by this or another process). Before the database closes.
   */
  async stop(timeoutMs = 5000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    await boss.stop({ graceful: true, timeout: timeoutMs }).catch((err: unknown) => this.onError(err));
  }
}
