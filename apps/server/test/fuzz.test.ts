// Fuzzed input on every route: 4xx, never 5xx; and a 500 never leaks a stack, SQL or path
// (quality.md "Headers and errors"). Walks `app.apiRoutes`, so later routes are covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { ROLES } from '@crs/shared/roles';
import { createTestApp, createUser, uniqueEmail } from './helper.ts';
import type { TestApp } from './helper.ts';
import { bearer, concreteUrl, mintToken } from './util.ts';

let t: TestApp;
let everyone: Awaited<ReturnType<typeof createUser>>;
let everyoneToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // One account holding every role passes every route's role check, so the fuzz reaches the handlers.
  everyone = await createUser(t.ctx, { roles: [...ROLES] });
  everyoneToken = await mintToken(t.ctx, everyone);
});
afterAll(() => t.close());

const FIELDS = ['email', 'password', 'name', 'phone', 'roles', 'bio', 'token', 'refreshToken', 'id', 'title', 'author', 'isbn', 'quantity', 'copies', 'status', 'page', 'q'];
const WRONG_VALUES: unknown[] = [1, -1, 1e308, true, null, [], ['a'], {}, { $gt: '' }, 'a\u0000b', 'x'.repeat(100_000), '\ud800', '😀'.repeat(60)];

/** Raw bodies: not JSON, or JSON of the wrong shape. */
const RAW_BODIES: Array<[string, string]> = [
  ['invalid JSON', '{"email":'],
  ['trailing garbage', '{"a":1}}'],
  ['null', 'null'],
  ['array', '[]'],
  ['array of objects', '[{"email":"a@b.co"}]'],
  ['string', '"hello"'],
  ['number', '42'],
  ['empty object', '{}'],
  ['__proto__', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"email":"a@b.co"}'],
  ['deep nesting', '{"a":'.repeat(2000) + '1' + '}'.repeat(2000)],
  ['empty', ''],
];

/** Valid bodies of the routes known today; each field is then replaced with a nasty value. */
const VALID: Record<string, () => Record<string, unknown>> = {
  'POST /api/v1/auth/register': () => ({ name: 'Fuzz Person', email: uniqueEmail('fz'), phone: '9876543210', password: 'secret123', roles: 'Student' }),
  'POST /api/v1/auth/login': () => ({ email: everyone.email, password: 'wrong-password' }),
  'POST /api/v1/auth/refresh': () => ({ refreshToken: 'abc' }),
  'POST /api/v1/auth/reset/request': () => ({ email: uniqueEmail('fz') }),
  'POST /api/v1/auth/reset/confirm': () => ({ token: 'abc', password: 'secret123' }),
  'PATCH /api/v1/auth/users/me': () => ({ name: 'Fuzz Person', bio: 'hello' }),
};
const NASTY_STRINGS = ['a\u0000b', '\u0000', 'x'.repeat(100_000), '\ud800\udfff\ud800', "'; drop table users; --", '%00', '\u202e\u0000\uffff'];

const routes = () => t.app.apiRoutes.filter((r) => r.method !== 'GET' && !r.url.endsWith('/logout'));
const key = (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/\/$/, '')}`;
let ip = 0;

async function fire(method: string, url: string, opts: { payload?: string; headers?: Record<string, string> } = {}) {
  // One session for the whole walk (logout is left out, so nothing ends it). A new address each
  // time keeps the login/reset throttles out of the way.
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    payload: opts.payload,
    headers: { ...bearer(everyoneToken), ...opts.headers },
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`,
  });
  return res;
}

function expectClientError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
    const body = JSON.parse(res.body) as { message?: unknown; code?: unknown };
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.code, what).toBe('string');
  }
}

/** Each of these walks every API route (90+ since the academics modules): more than the default 30 s on a busy machine. */
const EVERY_ROUTE_TIMEOUT = 180_000;

describe('fuzzed bodies', () => {
  it('answers raw malformed bodies with 4xx on every route', async () => {
    for (const r of routes()) {
      for (const [name, payload] of RAW_BODIES) {
        const res = await fire(r.method, concreteUrl(r.url), { payload, headers: { 'content-type': 'application/json' } });
        expectClientError(res, `${key(r)} ${name}`);
      }
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('answers wrong types, huge strings and NUL bytes in every field with 4xx on every route', async () => {
    const json = { 'content-type': 'application/json' };
    // The same bodies go to every route: written once (the server parses each afresh).
    const bodies: Array<[string, string]> = [
      // Every field set to the same wrong value...
      ...WRONG_VALUES.map((value): [string, string] => [`all = ${JSON.stringify(value).slice(0, 20)}`, JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])))]),
      // ...a different wrong value in each field...
      ['mixed', JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, WRONG_VALUES[i % WRONG_VALUES.length]])))],
      // ...and one field alone, the others missing.
      ...FIELDS.flatMap((field) => ['a\u0000b', 'x'.repeat(100_000), [{}]].map((value): [string, string] => [`{${field}: ${JSON.stringify(value).slice(0, 20)}}`, JSON.stringify({ [field]: value })])),
    ];
    for (const r of routes()) {
      for (const [what, payload] of bodies) expectClientError(await fire(r.method, concreteUrl(r.url), { payload, headers: json }), `${key(r)} ${what}`);
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('answers an otherwise valid body with one nasty string field with 4xx (or success), never 5xx', async () => {
    for (const [route, valid] of Object.entries(VALID)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const field of Object.keys(valid())) {
        for (const nasty of NASTY_STRINGS) {
          const body = { ...valid(), [field]: nasty };
          const res = await fire(method, url, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expectClientError(res, `${route} ${field}=${JSON.stringify(nasty).slice(0, 20)}`);
        }
      }
    }
  });

  it('refuses a body over the limit with 413, and other content types with 4xx', async () => {
    const over = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    for (const r of routes()) {
      const big = await fire(r.method, concreteUrl(r.url), { payload: over, headers: { 'content-type': 'application/json' } });
      expect(big.statusCode, key(r)).toBe(413);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
        const res = await fire(r.method, concreteUrl(r.url), { payload: 'email=a@b.co&password=secret123', headers: { 'content-type': type } });
        expectClientError(res, `${key(r)} as ${type}`);
      }
    }
  }, EVERY_ROUTE_TIMEOUT);
});

describe('fuzzed URLs', () => {
  it('answers malformed path parameters and query strings with 4xx on every route', async () => {
    const params = ['not-a-uuid', '0', '-1', 'x'.repeat(2000), '%00', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', "1'%20or%20'1'='1", '00000000-0000-0000-0000-00000000000g'];
    const queries = ['page=-1', 'page=1e400', 'pageSize=99999999999999999999', 'page[]=1', 'status=__proto__', 'q=%00', `q=${'y'.repeat(5000)}`, 'q=%ZZ', 'role=Admin&role=Student', '__proto__[x]=1', 'constructor[prototype][x]=1', 'sort=;drop'];
    for (const r of t.app.apiRoutes) {
      if (r.url.endsWith('/logout')) continue;
      const payload = r.method === 'GET' ? undefined : '{}';
      const headers: Record<string, string> = payload ? { 'content-type': 'application/json' } : {};
      if (r.url.includes(':')) {
        for (const p of params) {
          const res = await fire(r.method, r.url.replace(/:[A-Za-z0-9_]+/g, p), { payload, headers });
          expectClientError(res, `${key(r)} param ${p.slice(0, 30)}`);
        }
      }
      for (const q of queries) {
        const res = await fire(r.method, `${concreteUrl(r.url)}?${q}`, { payload, headers });
        expectClientError(res, `${key(r)} ?${q.slice(0, 30)}`);
      }
    }
  }, EVERY_ROUTE_TIMEOUT);
});

describe('a 500', () => {
  it('is generic: {message, code: INTERNAL}, no stack, SQL or path; readiness says 503', async () => {
    const broken = await createTestApp();
    try {
      const user = await createUser(broken.ctx, { roles: ['SuperAdmin'] });
      const token = await mintToken(broken.ctx, user);
      // Close the database under the running app.
      await broken.ctx.database.close();
      broken.ctx.caches.clear();
      const answers = [
        await broken.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'secret123' } }),
        await broken.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { name: 'Broken Db', email: uniqueEmail('b'), phone: '9876543210', password: 'secret123', roles: 'Student' } }),
        await broken.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(token) }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: MSG.internal, code: 'INTERNAL' });
        expect(res.body).not.toMatch(/select|insert|update|from |at .*\(|\.ts|node_modules|\/work\/|PGlite|pglite|postgres|Error:/i);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const ready = await broken.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: broken.ctx.database.kind });
      expect((await broken.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
