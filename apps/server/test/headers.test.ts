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

/** The client's pages and files and the API reference: helmet's set and the Permissions-Policy (decision 0009). */
const DOCUMENT_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
};

/** API answers (JSON, files): the headers that act on a non-document (OWASP REST Security Cheat Sheet; decision 0042). */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** What only a document uses; an API answer carries none of it. */
const DOCUMENT_ONLY = Object.keys(DOCUMENT_HEADERS).filter((h) => !(h in API_HEADERS));
const HSTS = 'max-age=31536000; includeSubDomains';

function expectDocumentHeaders(res: { headers: Record<string, unknown> }, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  for (const d of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
    expect(csp, `${what}: CSP has ${d}`).toContain(d);
  }
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  // Built once at start (decision 0018), the set must stay what helmet sent per request before.
  expect(res.headers, what).toMatchObject(DOCUMENT_HEADERS);
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  // Plain HTTP: HSTS would be ignored, and RFC 6797 says never to send it there.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

function expectApiHeaders(res: { headers: Record<string, unknown> }, what: string) {
  expect(res.headers, what).toMatchObject(API_HEADERS);
  for (const h of [...DOCUMENT_ONLY, 'x-powered-by', 'strict-transport-security']) expect(res.headers[h], `${what}: ${h}`).toBeUndefined();
}

describe('security headers', () => {
  it('are the non-document set on API answers of every kind: success, 400, 401, 403, 404', async () => {
    const student = await loginAs(t);
    const answers = {
      health: await t.app.inject({ url: '/api/v1/health' }),
      me: await t.app.inject({ url: '/api/v1/auth/users/me', headers: student.auth }),
      badLogin: await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x' } }),
      badJson: await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
      noToken: await t.app.inject({ url: '/api/v1/auth/users/me' }),
      forbidden: await t.app.inject({ url: '/api/v1/users', headers: student.auth }),
      // The student documents route (not the API reference at /api/docs).
      documents: await t.app.inject({ url: '/api/v1/docs' }),
      unknown: await t.app.inject({ url: '/api/v1/nope' }),
      otherVersion: await t.app.inject({ url: '/api/v2/users' }),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 400, 400, 401, 403, 401, 404, 404]);
    for (const [what, res] of Object.entries(answers)) expectApiHeaders(res, what);
  });

  it('are the full document set on the client (SPA) pages, its files and the API reference', async () => {
    const answers = ['/', '/login', '/dashboard/admin', '/assets/app-abc123.js', '/api/docs'];
    for (const url of answers) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectDocumentHeaders(res, url);
    }
  });

  it('add HSTS over HTTPS only: behind a trusted TLS proxy, never on a claim of one from anyone else', async () => {
    // This app does not trust a proxy: a client's X-Forwarded-Proto changes nothing.
    for (const url of ['/api/v1/health', '/login']) {
      const res = await t.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const proxied = await createTestApp({ CRS_WEB_DIST: webDist, TRUST_PROXY: 'true' });
    try {
      for (const url of ['/api/v1/health', '/login', '/api/v1/nope']) {
        const https = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers['strict-transport-security'], url).toBe(HSTS);
        const http = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
        expect(http.headers['strict-transport-security'], url).toBeUndefined();
      }
      const api = await proxied.app.inject({ url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers).toMatchObject(API_HEADERS);
      expect(api.headers['permissions-policy']).toBeUndefined();
    } finally {
      await proxied.close();
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
