// Security headers, 404s and the SPA fallback (quality.md "Headers and errors").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';

const INDEX = '<!doctype html><html><head><title>CRS test client</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'crs-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("hi")');
  t = await createTestApp({ CRS_WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  for (const d of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
    expect(csp, `${what}: CSP has ${d}`).toContain(d);
  }
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  // Issue 25: no page uses the camera, microphone, location, payments or devices.
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, `${what}: ${feature}`).toContain(`${feature}=()`);
}

describe('security headers', () => {
  it('are on API answers of every kind: success, 400, 401, 403, 404', async () => {
    const student = await loginAs(t);
    const answers = {
      health: await t.app.inject({ url: '/api/v1/health' }),
      me: await t.app.inject({ url: '/api/v1/auth/users/me', headers: student.auth }),
      badLogin: await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x' } }),
      noToken: await t.app.inject({ url: '/api/v1/auth/users/me' }),
      forbidden: await t.app.inject({ url: '/api/v1/users', headers: student.auth }),
      unknown: await t.app.inject({ url: '/api/v1/nope' }),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 400, 401, 403, 404]);
    for (const [what, res] of Object.entries(answers)) {
      expectSecurityHeaders(res, what);
      // API answers carry personal data and tokens: never cached.
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  // Built once at start (decision 0018), the set must stay what helmet sent per request before.
  it('are exactly the same set on every kind of answer', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy':
        'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
    };
    const answers = [
      await t.app.inject({ url: '/api/v1/health' }),
      await t.app.inject({ url: '/api/v1/auth/users/me' }),
      await t.app.inject({ url: '/api/v1/nope' }),
      await t.app.inject({ url: '/login' }),
      await t.app.inject({ url: '/assets/app-abc123.js' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 200, 400]);
    for (const res of answers) expect(res.headers).toMatchObject(expected);
  });

  it('are on the client (SPA) answers too', async () => {
    for (const url of ['/', '/login', '/dashboard/admin']) {
      const res = await t.app.inject({ url });
      expectSecurityHeaders(res, url);
    }
  });

  it('never reflect an Origin: no CORS headers for a foreign site', async () => {
    const headers = { origin: 'https://evil.example' };
    for (const res of [
      await t.app.inject({ url: '/api/v1/health', headers }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { email: 'a@b.co', password: 'secret123' } }),
      await t.app.inject({ method: 'OPTIONS', url: '/api/v1/auth/login', headers: { ...headers, 'access-control-request-method': 'POST' } }),
    ]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(JSON.stringify(res.headers)).not.toContain('evil.example');
    }
  });
});

describe('not found', () => {
  it('answers an unknown /api path with 404 JSON, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/auth/nope'],
      ['DELETE', '/api/v1/users'],
      ['GET', '/api/v2/users'],
      ['GET', '/api/nope?x=1'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(res.body).not.toContain('x=1');
    }
  });
});

describe('SPA fallback', () => {
  it('serves index.html for client routes, revalidated on each visit', async () => {
    for (const url of ['/', '/some/client/route', '/library/books/123?tab=loans', '/reset-password?token=abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the client for /api paths, nor for a POST', async () => {
    const api = await t.app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/some/client/route' });
    expect(post.statusCode).toBe(404);
    expect(post.body).not.toContain('<html');
  });

  it('never serves files outside the client directory', async () => {
    for (const url of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain('root:');
    }
  });
});
