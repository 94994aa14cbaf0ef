// The API rate limit (decision 0031) on each store: the one this run's database gets (the
// process's memory on PGlite, `rate_limit_counters` on PostgreSQL with TEST_DATABASE_URL) and the
// real Redis at 127.0.0.1:6379 (REDIS_TEST_URL to move it). Each app's Redis keys carry a prefix of
// their own, so parallel runs never share a count.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createPeerApp, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addressKey, memoryStore } from '../../lib/rate-limit.ts';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a fresh window when less than `needMs` of this one is left (a test must not straddle two). */
async function roomInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 20);
}

let seq = 0;
/** An address no other test has used. */
const newIp = () => `10.${process.pid % 250}.${Math.floor(++seq / 250)}.${seq % 250}`;

type Inject = TestApp['app'];
const me = (app: Inject, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/users/me', remoteAddress: ip, headers });

function expectLimited(res: Awaited<ReturnType<typeof me>>, limit: number, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: MSG.rateLimited, code: 'RATE_LIMITED' });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(res.headers['ratelimit-remaining']).toBe('0');
  expect(res.headers['ratelimit-reset']).toBe(String(wait));
  expect(res.headers['cache-control']).toBe('no-store');
}

// `shared`: several server processes count together through it (two apps on one store here).
const stores: Array<{ name: 'memory' | 'database' | 'redis'; shared: boolean; config: Record<string, string> }> = [
  process.env.TEST_DATABASE_URL ? { name: 'database', shared: true, config: {} } : { name: 'memory', shared: false, config: {} },
  { name: 'redis', shared: true, config: { REDIS_URL, REDIS_KEY_PREFIX: `crs-test-${process.pid}-${randomBytes(4).toString('hex')}` } },
];

describe.each(stores)('rate limit, counters in the $name', ({ name, shared, config }) => {
  const IP_LIMIT = 4;
  const USER_LIMIT = 3;
  const WINDOW = 60_000;
  let t: TestApp;
  let short: TestApp;
  let redis: Redis | undefined;
  beforeAll(async () => {
    if (config.REDIS_URL) redis = new Redis(config.REDIS_URL);
    t = await createTestApp({ ...config, RATE_LIMIT_IP: String(IP_LIMIT), RATE_LIMIT_USER: String(USER_LIMIT), RATE_LIMIT_WINDOW_SECONDS: '60' });
    short = await createTestApp({ ...config, RATE_LIMIT_IP: '2', RATE_LIMIT_USER: '0', RATE_LIMIT_WINDOW_SECONDS: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await short?.close();
    await redis?.quit();
  });

  it('refuses an address its N+1th request with 429 and Retry-After; other addresses and health still pass', async () => {
    await roomInWindow(WINDOW, 5000);
    const ip = newIp();
    // Counted before authentication: refused sign-ins count like any request.
    for (let i = 0; i < IP_LIMIT; i++) expect((await me(t.app, ip)).statusCode).toBe(401);
    expectLimited(await me(t.app, ip), IP_LIMIT, 60);
    // A refused request is not counted, and the limit holds for every API route.
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email: 'x@y.z', password: 'secret1' } }), IP_LIMIT, 60);
    expect((await me(t.app, newIp())).statusCode).toBe(401);
    // Probes are never limited.
    for (let i = 0; i < IP_LIMIT + 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: ip })).statusCode).toBe(200);
    }
  });

  it('counts an IPv6 client by its /64', async () => {
    await roomInWindow(WINDOW, 5000);
    const net = `2001:db8:${(++seq).toString(16)}:7`;
    for (let i = 0; i < IP_LIMIT; i++) expect((await me(t.app, `${net}::${i + 1}`)).statusCode).toBe(401);
    expectLimited(await me(t.app, `${net}:ffff:ffff:ffff:ffff`), IP_LIMIT, 60);
    expect((await me(t.app, `2001:db8:${(++seq).toString(16)}:7::1`)).statusCode).toBe(401);
  });

  it('limits a signed-in user across addresses by the user count', async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    await roomInWindow(WINDOW, 5000);
    const [ip1, ip2, ip3] = [newIp(), newIp(), newIp()];
    expect((await me(t.app, ip1, a.auth)).statusCode).toBe(200);
    expect((await me(t.app, ip1, a.auth)).statusCode).toBe(200);
    expect((await me(t.app, ip2, a.auth)).statusCode).toBe(200);
    // Each address has sent at most two requests (under 4): the user's count refuses.
    expectLimited(await me(t.app, ip2, a.auth), USER_LIMIT, 60);
    expectLimited(await me(t.app, ip3, a.auth), USER_LIMIT, 60);
    // Another user behind the same address is not affected.
    expect((await me(t.app, ip2, b.auth)).statusCode).toBe(200);
  });

  // One process serves the embedded database: its memory store is not shared, and needs not be.
  if (shared) {
    it('shares the count between two servers on the same store', async () => {
      const peer = await createPeerApp(t);
      try {
        await roomInWindow(WINDOW, 5000);
        const ip = newIp();
        expect((await me(t.app, ip)).statusCode).toBe(401);
        expect((await me(t.app, ip)).statusCode).toBe(401);
        await t.app.rateLimit.flush();
        // The peer learns the address's total when it adds its own hits ...
        expect((await me(peer.app, ip)).statusCode).toBe(401);
        expect((await me(peer.app, ip)).statusCode).toBe(401);
        await peer.app.rateLimit.flush();
        expectLimited(await me(peer.app, ip), IP_LIMIT, 60);
        // ... and the first server reads again a key past half its limit on its next flush.
        await t.app.rateLimit.flush();
        expectLimited(await me(t.app, ip), IP_LIMIT, 60);
      } finally {
        await peer.close();
      }
    });
  }

  it('lets an address in again once the window has passed', async () => {
    await roomInWindow(1000, 1000);
    const ip = newIp();
    expect((await me(short.app, ip)).statusCode).toBe(401);
    expect((await me(short.app, ip)).statusCode).toBe(401);
    expectLimited(await me(short.app, ip), 2, 1);
    await roomInWindow(1000, 1000);
    expect((await me(short.app, ip)).statusCode).toBe(401);
  });

  if (name !== 'memory') it('drops the counters of ended windows', async () => {
    await roomInWindow(1000, 1000);
    const ip = newIp();
    expect((await me(short.app, ip)).statusCode).toBe(401);
    await short.app.rateLimit.flush();
    expect(await stored(`ip:${ip}`)).toEqual([1]);
    // Two windows on: Redis has let the key expire; in the database the first batch of the new
    // window deletes the rows of windows that ended before it.
    await roomInWindow(1000, 1000);
    await roomInWindow(1000, 1000);
    expect((await me(short.app, newIp())).statusCode).toBe(401);
    await short.app.rateLimit.flush();
    expect(await stored(`ip:${ip}`)).toEqual([]);
  });

  if (name === 'memory') {
    it('writes no counter to the embedded database', async () => {
      const ip = newIp();
      expect((await me(t.app, ip)).statusCode).toBe(401);
      await t.app.rateLimit.flush();
      expect(await rows(t.ctx, sql`select key from rate_limit_counters`)).toEqual([]);
    });
  }

  /** A key's stored counts, one per window, read from the store itself. */
  async function stored(key: string): Promise<number[]> {
    if (name === 'database') {
      return (await rows<{ hits: number }>(short.ctx, sql`select hits from rate_limit_counters where key = ${key}`)).map((r) => r.hits);
    }
    const keys = await redis!.keys(`${config.REDIS_KEY_PREFIX}:ratelimit:*:${key}`);
    return Promise.all(keys.map(async (k) => Number(await redis!.get(k))));
  }
});

describe('memoryStore', () => {
  it('adds hits per window and key, answers the totals of the keys it was given, and drops ended windows', async () => {
    const store = memoryStore();
    const W = 1000;
    expect(await store.add(0, W, new Map([['ip:a', 2], ['user:u', 1]]))).toEqual(new Map([['ip:a', 2], ['user:u', 1]]));
    expect(await store.add(0, W, new Map([['ip:a', 3]]))).toEqual(new Map([['ip:a', 5]]));
    // A key past half its limit is read with 0 hits.
    expect(await store.add(0, W, new Map([['user:u', 0]]))).toEqual(new Map([['user:u', 1]]));
    // The next window counts afresh; the one before it is kept (a late flush of its hits still lands) ...
    expect(await store.add(W, W, new Map([['ip:a', 1]]))).toEqual(new Map([['ip:a', 1]]));
    expect(await store.add(0, W, new Map([['ip:a', 1]]))).toEqual(new Map([['ip:a', 6]]));
    // ... until a batch for a window after it: then it is gone.
    await store.add(2 * W, W, new Map([['ip:b', 1]]));
    expect(await store.add(0, W, new Map([['ip:a', 0]]))).toEqual(new Map([['ip:a', 0]]));
  });
});

describe('rate limit without its store', () => {
  it('goes on counting in the process when Redis cannot be reached', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_IP: '2', RATE_LIMIT_USER: '0', RATE_LIMIT_WINDOW_SECONDS: '60' });
    try {
      await roomInWindow(60_000, 5000);
      const ip = newIp();
      expect((await me(t.app, ip)).statusCode).toBe(401);
      await t.app.rateLimit.flush(); // fails: the hits stay counted here
      expect((await me(t.app, ip)).statusCode).toBe(401);
      expectLimited(await me(t.app, ip), 2, 60);
    } finally {
      await t.close();
    }
  });

  it('is off with both limits 0 (the tests’ default)', async () => {
    const t = await createTestApp();
    try {
      const ip = newIp();
      for (let i = 0; i < 20; i++) expect((await me(t.app, ip)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6 and cuts other IPv6 to its /64', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0db8:000a:000b::1')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
