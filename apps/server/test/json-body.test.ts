// JSON bodies (issue 9, item 4): an empty body sent as application/json reads as no body; a
// route that needs a body still answers its validation 400; Fastify's limit and prototype-poisoning
// refusal stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (auth: Record<string, string>) => t.app.inject({ url: '/api/v1/auth/users/me', headers: auth });
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('empty JSON bodies', () => {
  it('log out when the client sends Content-Type: application/json and no body', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const a = await loginAs(t);
      expect((await me(a.auth)).statusCode).toBe(200);
      const res = await post('/api/v1/auth/logout', '', { ...a.auth, 'content-type': type });
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ message: MSG.loggedOut });
      // The session is gone: the same token fails on the very next request.
      expect((await me(a.auth)).statusCode, type).toBe(401);
    }
  });

  it('still answer a route that needs a body with the validation 400 in our error shape', async () => {
    for (const url of ['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/register']) {
      const res = await post(url, '');
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), errors: [{ path: 'body', message: expect.any(String) }] });
    }
  });

  it('refuse whitespace and other non-JSON as before (400 FST_ERR_CTP_INVALID_JSON_BODY)', async () => {
    for (const payload of [' ', '\n', '{', 'null x']) {
      const res = await post('/api/v1/auth/login', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    }
  });
});

describe('JSON body protections stay', () => {
  it('refuse a body with __proto__ or constructor.prototype (secure-json-parse), polluting nothing', async () => {
    for (const payload of [
      '{"__proto__":{"isAdmin":true},"email":"a@b.co","password":"secret123"}',
      '{"constructor":{"prototype":{"isAdmin":true}},"email":"a@b.co","password":"secret123"}',
    ]) {
      const res = await post('/api/v1/auth/login', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuse a body over 1 MiB with 413', async () => {
    const res = await post('/api/v1/auth/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
  });
});
