// The job runner on the real engine and a real database: PGlite by default, PostgreSQL with
// TEST_DATABASE_URL (CI runs both). Retries wait longer each time, a job that used up its retries
// is failed and copied to the dead-letter queue, and the overview reports all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.ts';
import type { TestDb } from '../../../test/helper.ts';
import { jobsOverview } from './overview.ts';
import { DEAD_LETTER_QUEUE, JobRunner } from './runner.ts';

const until = async (what: string, check: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

type JobRow = { state: string; retry_count: number; message: string | null; data: Record<string, unknown> | null };

describe('the job runner (pg-boss)', () => {
  let db: TestDb;
  let runner: JobRunner;
  const errors: unknown[] = [];
  const attempts: Record<string, number[]> = { doomed: [], flaky: [], later: [] };

  const rows = async (queue: string): Promise<JobRow[]> =>
    (await db.database.executeSql(`select state::text, retry_count, output->>'message' as message, data from pgboss.job where name = $1 order by created_on`, [queue]))
      .rows as JobRow[];

  beforeAll(async () => {
    db = await freshDatabase();
    runner = new JobRunner({ db: db.database, timeZone: 'Asia/Kolkata', pollSeconds: 1, cronSeconds: 1, exclusively: (fn) => db.database.exclusively(0x74_65_73_74, fn) });
    runner.register({
      name: 'test.doomed',
      retries: 2,
      retryDelaySeconds: 1,
      run: async (data) => {
        attempts.doomed!.push(Date.now());
        throw new Error(`no luck with ${String(data.book)}, attempt ${attempts.doomed!.length}`);
      },
    });
    runner.register({
      name: 'test.flaky',
      retries: 3,
      retryDelaySeconds: 1,
      run: async () => {
        attempts.flaky!.push(Date.now());
        if (attempts.flaky!.length === 1) throw new Error('the first try fails');
        return { removed: 4 };
      },
    });
    runner.register({
      name: 'test.later',
      retries: 1,
      retryDelaySeconds: 600,
      run: async () => {
        attempts.later!.push(Date.now());
        throw new Error('come back in ten minutes');
      },
    });
    runner.register({ name: 'test.nightly', cron: '30 2 * * *', run: async () => undefined });
    expect((await jobsOverview(db.database, runner.registered())).installed).toBe(false);
    await runner.start((err) => errors.push(err));
  }, 60_000);

  afterAll(async () => {
    await runner?.stop(1000);
    await db?.drop();
  });

  it('refuses a job registered twice, after start, or under a bad name', () => {
    expect(() => runner.register({ name: 'test.more', run: async () => undefined })).toThrow(/after the runner started/);
    const fresh = new JobRunner({ db: db.database, timeZone: 'UTC', pollSeconds: 1, cronSeconds: 1, exclusively: (fn) => fn() });
    fresh.register({ name: 'a.b', run: async () => undefined });
    expect(() => fresh.register({ name: 'a.b', run: async () => undefined })).toThrow(/twice/);
    expect(() => fresh.register({ name: 'Bad Name', run: async () => undefined })).toThrow(/bad job name/);
  });

  it('stores the cron schedules in the college time zone and only the registered ones', async () => {
    const schedules = (await db.database.executeSql(`select name, cron, timezone from pgboss.schedule order by name`)).rows;
    expect(schedules).toEqual([{ name: 'test.nightly', cron: '30 2 * * *', timezone: 'Asia/Kolkata' }]);
  });

  it('retries with a growing wait, then fails the job and copies it to the dead-letter queue', async () => {
    const id = await runner.send('test.doomed', { book: 'ISBN 978-0' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until('the doomed job to fail', async () => (await rows('test.doomed'))[0]?.state === 'failed');
    // 1 + 2 retries; the first retry waits ≥ 1 s, the second ≥ 2 s (backoff: delay × 2^n with jitter).
    expect(attempts.doomed).toHaveLength(3);
    const [a, b, c] = attempts.doomed as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(1000);
    expect(c - b).toBeGreaterThanOrEqual(2000);
    expect(await rows('test.doomed')).toEqual([{ state: 'failed', retry_count: 2, message: 'no luck with ISBN 978-0, attempt 3', data: { book: 'ISBN 978-0' } }]);
    // The dead letter keeps the job's data and its last error; nothing works that queue.
    expect(await rows(DEAD_LETTER_QUEUE)).toEqual([{ state: 'created', retry_count: 0, message: 'no luck with ISBN 978-0, attempt 3', data: { book: 'ISBN 978-0' } }]);

    const overview = await jobsOverview(db.database, runner.registered());
    expect(overview.installed).toBe(true);
    expect(overview.deadLetters).toBe(1);
    expect(overview.failures).toEqual([
      { id, queue: 'test.doomed', error: 'no luck with ISBN 978-0, attempt 3', attempts: 3, failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
    ]);
    const failedAt = Date.parse(overview.failures[0]!.failedAt);
    expect(Math.abs(failedAt - c)).toBeLessThan(5000);
    expect(overview.queues.find((q) => q.name === 'test.doomed')).toMatchObject({ failed: 1, completed: 0, waiting: 0, retrying: 0, active: 0 });
  }, 30_000);

  it('completes a job whose retry succeeds and keeps what it returned', async () => {
    await runner.send('test.flaky');
    await until('the flaky job to complete', async () => (await rows('test.flaky'))[0]?.state === 'completed');
    expect(attempts.flaky).toHaveLength(2);
    const output = (await db.database.executeSql(`select output, retry_count from pgboss.job where name = 'test.flaky'`)).rows;
    expect(output).toEqual([{ output: { removed: 4 }, retry_count: 1 }]);
    const queue = (await jobsOverview(db.database, runner.registered())).queues.find((q) => q.name === 'test.flaky');
    expect(queue).toMatchObject({ completed: 1, failed: 0, retrying: 0 });
    expect(Date.now() - Date.parse(queue!.lastCompletedAt!)).toBeLessThan(10_000);
  }, 30_000);

  it('lists a run waiting for its retry with the error and when it is due', async () => {
    const id = await runner.send('test.later');
    await until('the later job to wait for its retry', async () => (await rows('test.later'))[0]?.state === 'retry');
    const overview = await jobsOverview(db.database, runner.registered());
    expect(overview.retries).toEqual([{ id, queue: 'test.later', error: 'come back in ten minutes', attempts: 1, nextAttemptAt: expect.any(String) }]);
    // Backoff with jitter: the first retry waits between 1× and 2× the delay.
    const wait = Date.parse(overview.retries[0]!.nextAttemptAt) - attempts.later![0]!;
    expect(wait).toBeGreaterThan(590_000);
    expect(wait).toBeLessThan(1_210_000);
    expect(overview.queues.find((q) => q.name === 'test.later')).toMatchObject({ retrying: 1, failed: 0 });
    expect(overview.queues.find((q) => q.name === 'test.nightly')).toEqual({
      name: 'test.nightly',
      cron: '30 2 * * *',
      waiting: 0,
      retrying: 0,
      active: 0,
      completed: 0,
      failed: 0,
      lastCompletedAt: null,
    });
    expect(errors).toEqual([]);
  }, 30_000);
});

describe('a daily slot missed while no process ran (catch-up)', () => {
  let db: TestDb;
  const zone = 'Asia/Kolkata';
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const queued = async (queue: string) => (await db.database.executeSql(`select singleton_key from pgboss.job where name = $1`, [queue])).rows;

  it('runs the latest slot once at the next start, only for a job that asks and a schedule older than the slot', async () => {
    // A daily cron whose slot was ten minutes ago in the college's zone: the cron monitor (which
    // looks back a minute) no longer sends it.
    const slot = new Date(Date.now() - 10 * 60_000);
    slot.setSeconds(0, 0);
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(slot).split(':').map(Number);
    const cron = `${minute} ${hour} * * *`;
    const runs = { late: 0, plain: 0 };
    const errors: unknown[] = [];
    const start = async () => {
      const r = new JobRunner({ db: db.database, timeZone: zone, pollSeconds: 1, cronSeconds: 1, exclusively: (fn) => db.database.exclusively(0x74_65_73_74, fn) });
      const count = (which: keyof typeof runs) => async () => {
        runs[which]++;
      };
      r.register({ name: 'test.late', cron, catchUp: true, run: count('late') });
      r.register({ name: 'test.plain', cron, run: count('plain') });
      await r.start((err) => errors.push(err));
      return r;
    };

    // A new installation: its schedules are stored now, after the slot, so nothing was missed.
    let runner = await start();
    await runner.stop(1000);
    expect(await queued('test.late')).toEqual([]);

    // The same schedules, stored two days ago: the slot passed while no process ran.
    await db.database.executeSql(`update pgboss.schedule set created_on = now() - interval '2 days'`);
    runner = await start();
    expect(await queued('test.late')).toEqual([{ singleton_key: `catch-up:${slot.toISOString()}` }]);
    await until('the missed slot to run', async () => runs.late === 1);
    await runner.stop(1000);

    // The next start finds that run and sends none; the job that did not ask never ran.
    runner = await start();
    expect(await queued('test.late')).toHaveLength(1);
    expect(await queued('test.plain')).toEqual([]);
    await runner.stop(1000);
    expect(runs).toEqual({ late: 1, plain: 0 });
    expect(errors).toEqual([]);
  }, 60_000);
});
