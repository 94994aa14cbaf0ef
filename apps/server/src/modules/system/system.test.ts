// GET /system/jobs (issue 26 item 7): the SuperAdmin's view of the job runner, on the real app and
// its registered jobs. Retries, backoff and dead letters are tested on the runner itself
// (lib/jobs/runner.test.ts); two processes sharing one slot in test/jobs-processes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOverviewSchema } from '@crs/shared/schemas/system';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
const runnerErrors: unknown[] = [];
beforeAll(async () => {
  t = await createTestApp({ CRS_JOBS_POLL_SECONDS: '1', CRS_JOBS_CRON_SECONDS: '1' });
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(async () => {
  await t.ctx.jobs.stop(1000);
  await t.close();
});

async function overview() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/jobs', headers: superAdmin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return jobsOverviewSchema.parse(res.json());
}

const SWEEPS = [
  { name: 'audit.retention', cron: '20 * * * *' },
  { name: 'auth.prune', cron: '5 * * * *' },
  { name: 'files.orphan-sweep', cron: '30 * * * *' },
  { name: 'identity.prune', cron: '7 * * * *' },
  { name: 'imports.stale', cron: '10 * * * *' },
  { name: 'jobs.heartbeat', cron: '* * * * *' },
  { name: 'library.holds-expire', cron: '*/10 * * * *' },
  { name: 'notifications.deliver', cron: '* * * * *' },
  { name: 'notifications.digest', cron: '0 18 * * *' },
  { name: 'notifications.weekly-digest', cron: '0 18 * * 1' },
  { name: 'reminders.absence', cron: '45 * * * *' },
  { name: 'reminders.attendance', cron: '0 8 * * 1' },
  { name: 'reminders.exams', cron: '0 17 * * *' },
  { name: 'reminders.library', cron: '15 * * * *' },
  { name: 'reminders.placement', cron: '0 9 * * *' },
];

describe('GET /system/jobs', () => {
  it('is for a SuperAdmin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/system/jobs' })).statusCode).toBe(401);
    for (const roles of [['Admin'], ['Staff'], ['Student']] as const) {
      const other = await loginAs(t, [...roles]);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/system/jobs', headers: other.auth })).statusCode).toBe(403);
    }
  });

  it('lists the registered jobs with their schedules before the runner ever ran', async () => {
    const body = await overview();
    expect(body.installed).toBe(false);
    expect(body.queues.map(({ name, cron }) => ({ name, cron }))).toEqual(SWEEPS);
    expect(body.queues.every((q) => q.waiting + q.retrying + q.active + q.completed + q.failed === 0 && q.lastCompletedAt === null)).toBe(true);
    expect(body).toMatchObject({ deadLetters: 0, failures: [], retries: [] });
  });

  it('shows the heartbeat run by cron once the runner starts', async () => {
    await t.ctx.jobs.start((err) => runnerErrors.push(err));
    const deadline = Date.now() + 20_000;
    let body = await overview();
    while (!body.queues.find((q) => q.name === 'jobs.heartbeat')?.completed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      body = await overview();
    }
    expect(body.installed).toBe(true);
    const heartbeat = body.queues.find((q) => q.name === 'jobs.heartbeat')!;
    // The slot of the current minute fires at start (and the next one if a minute began meanwhile).
    const runs = (await t.ctx.database.executeSql(`select output from pgboss.job where name = 'jobs.heartbeat' and state = 'completed'`)).rows;
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(heartbeat).toMatchObject({ completed: runs.length, failed: 0, retrying: 0 });
    expect(Date.now() - Date.parse(heartbeat.lastCompletedAt!)).toBeLessThan(20_000);
    expect(runs).toEqual(runs.map(() => ({ output: { pid: process.pid, host: expect.any(String) } })));
    expect(runnerErrors).toEqual([]);
  }, 40_000);
});
