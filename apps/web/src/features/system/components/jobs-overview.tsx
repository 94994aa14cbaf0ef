import type { JobFailure, JobQueue, JobRetry } from '@crs/shared/schemas/system';
import { JOB_LABELS, SYSTEM_MSG as M } from '@crs/shared/messages/system';
import { RegionCard } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { useJobs } from '../api/get-jobs';

/** A cron as words for the schedules CRS uses ('* * * * *', 'm * * * *'); any other is shown as written. */
export function describeSchedule(cron: string | null): string {
  if (cron === null) return M.scheduleOnDemand;
  if (cron.trim() === '* * * * *') return M.scheduleEveryMinute;
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(cron.trim());
  return hourly ? M.scheduleHourly(hourly[1]!) : cron;
}

const jobName = (queue: string) => (
  <span className="grid">
    <span>{JOB_LABELS[queue] ?? queue}</span>
    <span className="font-mono text-xs text-muted-foreground">{queue}</span>
  </span>
);

const numeric = 'text-right tabular-nums';

const queueColumns: Column<JobQueue>[] = [
  { key: 'job', header: M.colJob, cell: (q) => jobName(q.name) },
  { key: 'schedule', header: M.colSchedule, cell: (q) => describeSchedule(q.cron) },
  { key: 'waiting', header: M.colWaiting, cell: (q) => q.waiting, className: numeric },
  { key: 'retrying', header: M.colRetrying, cell: (q) => q.retrying, className: numeric },
  { key: 'active', header: M.colRunning, cell: (q) => q.active, className: numeric },
  { key: 'completed', header: M.colCompleted, cell: (q) => q.completed, className: numeric },
  { key: 'failed', header: M.colFailed, cell: (q) => q.failed, className: numeric },
  { key: 'last', header: M.colLastRun, cell: (q) => formatDateTime(q.lastCompletedAt, M.never) },
];

const failureColumns: Column<JobFailure>[] = [
  { key: 'job', header: M.colJob, cell: (f) => jobName(f.queue) },
  { key: 'error', header: M.colError, cell: (f) => f.error },
  { key: 'attempts', header: M.colAttempts, cell: (f) => f.attempts, className: numeric },
  { key: 'at', header: M.colFailedAt, cell: (f) => formatDateTime(f.failedAt) },
];

const retryColumns: Column<JobRetry>[] = [
  { key: 'job', header: M.colJob, cell: (r) => jobName(r.queue) },
  { key: 'error', header: M.colError, cell: (r) => r.error },
  { key: 'attempts', header: M.colAttempts, cell: (r) => r.attempts, className: numeric },
  { key: 'next', header: M.colNextAttempt, cell: (r) => formatDateTime(r.nextAttemptAt) },
];

/** A titled table of runs (failures, retries). */
function RunList<T extends { id: string }>(props: { id: string; title: string; caption: string; columns: Column<T>[]; rows: T[]; empty: string }) {
  return (
    <section aria-labelledby={props.id} className="grid gap-2">
      <h3 id={props.id} className="font-semibold">
        {props.title}
      </h3>
      <DataTable caption={props.caption} columns={props.columns} rows={props.rows} rowKey={(r) => r.id} empty={props.empty} />
    </section>
  );
}

/**
 * The System overview's background jobs (GET /system/jobs): each queue with its schedule and runs,
 * the dead letters, the latest failures and the runs waiting for a retry, over all server processes.
 */
export function JobsOverview() {
  const jobs = useJobs();
  const data = jobs.data;
  const error = jobs.isError ? M.backgroundJobsLoadFailed : null;
  return (
    <RegionCard title={M.jobsTitle} description={M.jobsDescription} contentClassName="grid gap-6">
      {data && !data.installed ? <p className="text-sm text-muted-foreground">{M.jobsNotStarted}</p> : null}
      <DataTable caption={M.jobsCaption} columns={queueColumns} rows={data?.queues} rowKey={(q) => q.name} loading={jobs.isPending} error={error} empty={M.jobsEmpty} />
      {data ? (
        <>
          <p className="text-sm" data-testid="dead-letters">
            {data.deadLetters > 0 ? M.deadLetters(data.deadLetters) : M.noDeadLetters}
          </p>
          <RunList id="job-failures-title" title={M.failuresTitle} caption={M.failuresCaption} columns={failureColumns} rows={data.failures} empty={M.failuresEmpty} />
          <RunList id="job-retries-title" title={M.retriesTitle} caption={M.retriesCaption} columns={retryColumns} rows={data.retries} empty={M.retriesEmpty} />
        </>
      ) : null}
    </RegionCard>
  );
}
