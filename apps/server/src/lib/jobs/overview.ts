// What the System overview shows of the job runner, read from pg-boss's own tables (its schema
// version 24, pg-boss 10): queues' counts by state, the latest failures and the runs waiting to be
// retried. Times come back as ISO text on both databases (PGlite answers timestamps as text).
import type { JobQueue, JobsOverview } from '@crs/shared/schemas/system';
import { DEAD_LETTER_QUEUE, JOBS_SCHEMA } from './runner.ts';
import type { Job, SqlExecutor } from './runner.ts';

const S = JOBS_SCHEMA;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const errorOf = `coalesce(output->>'message', output->'value'->>'message', '')`;
/** pg-boss's internal queues (cron's hand-over) are not ours to show. */
const OURS = `name not like '\\_\\_pgboss%'`;

type CountRow = Omit<JobQueue, 'cron'>;

/** The overview of the registered jobs: empty figures until the engine is installed. */
export async function jobsOverview(db: SqlExecutor, registered: Job[]): Promise<JobsOverview> {
  const [installed] = (await db.executeSql(`select to_regclass('${S}.job') is not null as installed`)).rows as Array<{ installed: boolean }>;
  const none = { waiting: 0, retrying: 0, active: 0, completed: 0, failed: 0, lastCompletedAt: null };
  if (!installed?.installed) {
    return { installed: false, queues: registered.map((j) => ({ name: j.name, cron: j.cron ?? null, ...none })), deadLetters: 0, failures: [], retries: [] };
  }
  const counts = (
    await db.executeSql(`
      with runs as (
        select name, state::text as state, completed_on from ${S}.job where ${OURS}
        union all
        select name, state::text, completed_on from ${S}.archive where ${OURS} and archived_on > now() - interval '7 days'
      )
      select name,
        count(*) filter (where state = 'created')::int as waiting,
        count(*) filter (where state = 'retry')::int as retrying,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'completed' and completed_on > now() - interval '1 day')::int as completed,
        count(*) filter (where state = 'failed' and completed_on > now() - interval '7 days')::int as failed,
        ${iso(`max(completed_on) filter (where state = 'completed')`)} as "lastCompletedAt"
      from runs group by name`)
  ).rows as Array<CountRow>;
  const byName = new Map(counts.map((c) => [c.name, c]));
  const failures = (
    await db.executeSql(`
      select id::text, name as queue, ${errorOf} as error, retry_count + 1 as attempts, ${iso('completed_on')} as "failedAt"
      from (
        select id, name, output, retry_count, completed_on from ${S}.job where state = 'failed' and ${OURS}
        union all
        select id, name, output, retry_count, completed_on from ${S}.archive where state = 'failed' and ${OURS} and archived_on > now() - interval '7 days'
      ) f
      where completed_on > now() - interval '7 days'
      order by completed_on desc limit 20`)
  ).rows as JobsOverview['failures'];
  const retries = (
    await db.executeSql(`
      select id::text, name as queue, ${errorOf} as error, retry_count + 1 as attempts, ${iso('start_after')} as "nextAttemptAt"
      from ${S}.job where state = 'retry' and ${OURS}
      order by start_after limit 20`)
  ).rows as JobsOverview['retries'];
  return {
    installed: true,
    queues: registered.map((j) => ({ ...none, ...byName.get(j.name), name: j.name, cron: j.cron ?? null })),
    deadLetters: byName.get(DEAD_LETTER_QUEUE)?.waiting ?? 0,
    failures,
    retries,
  };
}
