import { Redis } from 'ioredis';
import type { RateLimitStore } from '../../lib/rate-limit.ts';

/** Keys per script call: one call holds Redis for its length, so big batches go in pieces. */
const CHUNK = 500;

// One round trip per chunk, atomic: add each key's hits and let the key expire a window after its
// own ended (a late flush of an ended window still lands, then goes).
const ADD_HITS = `
local out = {}
for i, key in ipairs(KEYS) do
  out[i] = redis.call('INCRBY', key, ARGV[i + 1])
  redis.call('PEXPIREAT', key, ARGV[1])
end
return out`;

type WithAddHits = Redis & { crsAddHits(numKeys: number, ...args: Array<string | number>): Promise<number[]> };

/**
 * The rate-limit counters in Redis (`REDIS_URL`), under `<prefix>:ratelimit:<window start>:<key>`.
 * A command fails soon while Redis is away, so the counter goes on counting in the process.
 */
export function redisStore(url: string, prefix: string): RateLimitStore {
  // While Redis is away a flush waits at most for the next reconnection attempt (≤ 0.5 s) and one
  // retry, then fails; the hits stay counted in the process and go with a later flush.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: (times) => Math.min(times * 50, 500) }) as WithAddHits;
  // Failures reach the caller through the failed command; without a listener ioredis prints each.
  redis.on('error', () => {});
  redis.defineCommand('crsAddHits', { lua: ADD_HITS });
  return {
    async add(windowStart, windowMs, hits) {
      const keys = [...hits.keys()];
      const totals = new Map<string, number>();
      const expireAt = windowStart + 2 * windowMs;
      for (let i = 0; i < keys.length; i += CHUNK) {
        const chunk = keys.slice(i, i + CHUNK);
        const out = await redis.crsAddHits(chunk.length, ...chunk.map((k) => `${prefix}:ratelimit:${windowStart}:${k}`), expireAt, ...chunk.map((k) => hits.get(k)!));
        chunk.forEach((k, j) => totals.set(k, Number(out[j])));
      }
      return totals;
    },
    async close() {
      // quit() lets queued commands finish; with no connection there is nothing to wait for.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
