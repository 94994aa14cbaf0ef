// Prometheus metrics (issue 29 item 4, decision 0048): off unless METRICS_TOKEN is set, then only
// with that bearer token; requests by route pattern, database, job and mail figures, process ones.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';

const TOKEN = randomBytes(24).toString('hex');

/** The value of the sample `name{labels}` in a scrape, or undefined. Labels as Prometheus prints them. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=\w+=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('metrics off (no METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 whatever the token, and times no query', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.notFound, code: 'NOT_FOUND' });
    }
    expect(t.ctx.database.queryTimer.observe).toBeUndefined();
  });
});

describe('metrics on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a missing or wrong token with 401', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Bearer ${TOKEN.slice(1)}` }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.metricsTokenRequired, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('counts requests and their durations by route pattern, method and status, never the raw URL', async () => {
    const verifyToken = `tok${randomBytes(8).toString('hex')}`;
    const before = await scrape();
    const live = { route: '/api/v1/health/live', method: 'GET', status: '200' };
    const liveBefore = sample(before, 'crs_http_requests_total', live) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
    const verify = await t.app.inject({ url: `/api/v1/idcards/verify/${verifyToken}` });
    const { auth } = await loginAs(t, ['Student']);
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/users/me' })).statusCode).toBe(401);
    await t.app.inject({ url: `/api/v1/no-such-${verifyToken}` });

    const after = await scrape();
    expect(sample(after, 'crs_http_requests_total', live)).toBe(liveBefore + 3);
    expect(sample(after, 'crs_http_request_duration_seconds_count', live)).toBe(liveBefore + 3);
    expect(sample(after, 'crs_http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(liveBefore + 3);
    expect(sample(after, 'crs_http_requests_total', { route: '/api/v1/idcards/verify/:token', method: 'GET', status: String(verify.statusCode) })).toBe(1);
    expect(sample(after, 'crs_http_requests_total', { route: '/api/v1/auth/users/me', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'crs_http_requests_total', { route: '/api/v1/auth/users/me', method: 'GET', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'crs_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    // Paths' variable parts (ids, tokens) never become labels: the series stay bounded.
    expect(after).not.toContain(verifyToken);
  });

  it('reports database query durations and the pool (the embedded database: connections to its thread)', async () => {
    const text = await scrape();
    expect(sample(text, 'crs_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'crs_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'crs_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('reports the job queues, the mail backlog, process memory and event-loop lag', async () => {
    const [row] = await t.ctx.db.insert(mailOutbox).values({ to: 'registrar@test.crs', subject: 'Pending', text: 'Waiting for SMTP', status: 'pending' }).returning({ id: mailOutbox.id });
    try {
      const text = await scrape();
      expect(sample(text, 'crs_mail_outbox', { status: 'pending' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'crs_mail_outbox', { status: 'failed' })).toBeGreaterThanOrEqual(0);
      for (const state of ['waiting', 'retrying', 'active', 'failed']) {
        expect(sample(text, 'crs_jobs', { queue: 'jobs.heartbeat', state }), state).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, 'crs_jobs_dead_letters')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    } finally {
      await t.ctx.db.delete(mailOutbox).where(eq(mailOutbox.id, row!.id));
    }
  });
});
