import { lt, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/ratelimit.ts';

/** Rows per statement: 4 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Adds `hits` to the counters of one window and returns every key's new total. Keys go in sorted
 * order, so two processes adding overlapping batches lock the rows in the same order (no deadlock).
 */
export async function addHits(db: Executor, windowStart: Date, expiresAt: Date, hits: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const keys = [...hits.keys()].sort();
  const totals = new Map<string, number>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const values = keys.slice(i, i + CHUNK).map((key) => sql`(${key}, ${windowStart.toISOString()}::timestamptz, ${hits.get(key)!}::int, ${expiresAt.toISOString()}::timestamptz)`);
    const rows = await queryRows<{ key: string; hits: number }>(
      db,
      sql`insert into rate_limit_counters (key, window_start, hits, expires_at) values ${sql.join(values, sql`, `)}
          on conflict (key, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
          returning key, hits`,
    );
    for (const r of rows) totals.set(r.key, Number(r.hits));
  }
  return totals;
}

/** Deletes the counters of windows that ended before `now`; returns how many. */
export async function pruneCounters(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now)).returning({ key: rateLimitCounters.key });
  return rows.length;
}
