import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobsOverview } from '@crs/shared/schemas/system';
import { describeSchedule } from '@/features/system/components/jobs-overview';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const none = { waiting: 0, retrying: 0, active: 0, completed: 0, failed: 0, lastCompletedAt: null };
const jobs: JobsOverview = {
  installed: true,
  queues: [
    { ...none, name: 'audit.retention', cron: '20 * * * *', failed: 1 },
    { ...none, name: 'jobs.heartbeat', cron: '* * * * *', completed: 58, lastCompletedAt: '2026-11-27T16:31:02.000Z' },
    { ...none, name: 'files.orphan-sweep', cron: '30 * * * *', retrying: 1 },
  ],
  deadLetters: 1,
  failures: [{ id: 'f1', queue: 'audit.retention', error: 'connection terminated', attempts: 4, failedAt: '2026-11-27T10:20:05.000Z' }],
  retries: [{ id: 'r1', queue: 'files.orphan-sweep', error: 'EACCES: permission denied', attempts: 2, nextAttemptAt: '2026-11-27T16:32:00.000Z' }],
};

function superAdminApi(body: JobsOverview | { status: number }) {
  return signedInAs(makeUser({ roles: ['SuperAdmin'], name: 'Sam Super' }), {
    'GET /stats/overview': { body: { students: 1, teachers: 1, staff: 1, librarians: 1, admins: 1, pendingApprovals: 0, totalUsers: 5, openJobs: 0 } },
    'GET /stats/system': { body: { uptimeSeconds: 60, databaseBytes: 1024, activeSessions: 1, database: 'postgresql' } },
    'GET /users': { body: { users: [], total: 0 } },
    'GET /system/jobs': 'status' in body ? { status: body.status, body: { message: 'Something went wrong', code: 'INTERNAL' } } : { body },
  });
}

describe("the System overview's background jobs", () => {
  it('shows each job with its schedule and runs, the dead letters, failures and retries', async () => {
    server = await superAdminApi(jobs);
    renderApp('/dashboard/superadmin');
    const region = await screen.findByRole('region', { name: 'Background jobs' });
    const table = await within(region).findByRole('table', { name: 'Background jobs and their runs' });
    const heartbeat = within(table).getByText('Scheduler heartbeat').closest('tr')!;
    // Times in the college's zone (Asia/Kolkata): 16:31 UTC is 22:01.
    expect([...heartbeat.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Scheduler heartbeatjobs.heartbeat',
      'Every minute',
      '0',
      '0',
      '0',
      '58',
      '0',
      '27 Nov 2026, 22:01',
    ]);
    const audit = within(table).getByText('Audit log retention').closest('tr')!;
    expect(within(audit).getByText('Every hour at :20')).toBeInTheDocument();
    expect(within(audit).getByText('Never')).toBeInTheDocument();
    expect(within(region).getByText('1 dead letter: a run that failed every attempt.')).toBeInTheDocument();

    const failures = within(region).getByRole('table', { name: 'Runs that failed every attempt in the last 7 days' });
    const failure = within(failures).getByText('connection terminated').closest('tr')!;
    expect([...failure.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Audit log retentionaudit.retention', 'connection terminated', '4', '27 Nov 2026, 15:50']);
    const retries = within(region).getByRole('table', { name: 'Runs waiting to be tried again' });
    const retry = within(retries).getByText('EACCES: permission denied').closest('tr')!;
    expect([...retry.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Orphaned file bytesfiles.orphan-sweep', 'EACCES: permission denied', '2', '27 Nov 2026, 22:02']);
  });

  it('says when nothing has run, failed or waits', async () => {
    server = await superAdminApi({ installed: false, queues: [{ ...none, name: 'auth.prune', cron: '5 * * * *' }], deadLetters: 0, failures: [], retries: [] });
    renderApp('/dashboard/superadmin');
    const region = await screen.findByRole('region', { name: 'Background jobs' });
    expect(await within(region).findByText('No job has run yet: the job runner starts with the server.')).toBeInTheDocument();
    expect(within(region).getByText('No dead letters.')).toBeInTheDocument();
    expect(within(region).getByText('No job has failed in the last 7 days.')).toBeInTheDocument();
    expect(within(region).getByText('No run is waiting for a retry.')).toBeInTheDocument();
  });

  it('says when the jobs cannot be read', async () => {
    server = await superAdminApi({ status: 500 });
    renderApp('/dashboard/superadmin');
    const failed = await screen.findByRole('region', { name: 'Background jobs' });
    expect(await within(failed).findByText('Could not load the background jobs.')).toBeInTheDocument();
  });

  it('describes the schedules in words', () => {
    expect(describeSchedule('* * * * *')).toBe('Every minute');
    expect(describeSchedule('5 * * * *')).toBe('Every hour at :05');
    expect(describeSchedule('30 2 * * *')).toBe('30 2 * * *');
    expect(describeSchedule(null)).toBe('When sent');
  });
});
