// The ratelimit module: the store of the API rate limit's counters (decision 0031). Core's plugin
// (plugins/rate-limit.ts) counts; this module picks where the counts go: the database or Redis,
// which every process shares, or on the embedded database (one process) core's memoryStore.
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { memoryStore } from '../../lib/rate-limit.ts';
import type { RateLimitStore } from '../../lib/rate-limit.ts';
import { addHits, pruneCounters } from './ratelimit.repository.ts';
import { redisStore } from './ratelimit.redis.ts';

/**
 * The configured store: Redis with `REDIS_URL`; else PostgreSQL's `rate_limit_counters`, which
 * every server process shares; on the embedded database, which one process serves, that process's
 * memory (`memoryStore`).
 */
export function rateLimitStore(ctx: AppContext): RateLimitStore {
  if (ctx.config.redisUrl) return redisStore(ctx.config.redisUrl, ctx.config.redisKeyPrefix);
  return ctx.database.kind === 'pglite' ? memoryStore() : databaseStore(ctx.db);
}

/**
 * Counters in the database: one upsert per batch. The first batch of each new window also deletes
 * the rows of windows that have ended, so the table holds about two windows' keys.
 */
export function databaseStore(db: Db): RateLimitStore {
  let prunedFor = 0;
  return {
    async add(windowStart, windowMs, hits) {
      // Before the upsert: if it fails, nothing was added and the batch is simply offered again.
      if (windowStart > prunedFor) {
        await pruneCounters(db, new Date(windowStart));
        prunedFor = windowStart;
      }
      return addHits(db, new Date(windowStart), new Date(windowStart + windowMs), hits);
    },
    async close() {},
  };
}
