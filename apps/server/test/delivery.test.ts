// What goes over the wire: the client's precompressed files and compressed API JSON (decisions 0012, 0019).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, mayCompress } from '../src/plugins/compression.ts';
import { createUser, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';
import { createTestApp } from './helper.ts';

// A tiny build as `vite build` leaves it: each text file with its .br and .gz twin.
const FILES = {
  'index.html': `<!doctype html><html lang="en"><head><title>CRS</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`,
  'assets/app-abc123.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
  'login.html': `<!doctype html><html lang="en"><head><title>CRS</title></head><body><div id="root" inert><main><h1>Login</h1></main></div>${'<!-- padding -->'.repeat(50)}</body></html>`,
  'robots.txt': `User-agent: *\nDisallow: /api/\n${'# the API is not for crawlers\n'.repeat(5)}`,
};
// A file the build found too small to compress has no twins: everyone gets it plain.
const TINY = 'tiny.txt';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'crs-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  for (const [name, text] of Object.entries(FILES)) {
    const file = path.join(webDist, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  writeFileSync(path.join(webDist, TINY), 'ok');
  t = await createTestApp({ CRS_WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const BROWSER = 'gzip, deflate, br, zstd';

describe('client files', () => {
  it('go to a brotli client as the .br file, to a gzip client as the .gz file, to others plain', async () => {
    for (const [url, name, cache] of [
      ['/', 'index.html', 'no-cache'],
      ['/assets/app-abc123.js', 'assets/app-abc123.js', 'public, max-age=31536000, immutable'],
      ['/robots.txt', 'robots.txt', 'no-cache'],
    ] as const) {
      const plain = FILES[name];
      const br = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], url).toBe(cache);
      expect(br.rawPayload.length, url).toBeLessThan(plain.length);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain);

      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gz.headers.vary, url).toMatch(/accept-encoding/i);
      expect(gz.headers['cache-control'], url).toBe(cache);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain);

      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const id = await t.app.inject({ url, headers });
        expect(id.headers['content-encoding'], url).toBeUndefined();
        expect(id.headers['cache-control'], url).toBe(cache);
        expect(id.body, url).toBe(plain);
      }
    }
  });

  it('without twins go plain to a brotli client too', async () => {
    const res = await t.app.inject({ url: `/${TINY}`, headers: { 'accept-encoding': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('ok');
  });

  it('keep their content type when sent compressed', async () => {
    const html = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    const js = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
  });

  it('SPA fallback: a client route gets the compressed index.html, revalidated on each visit', async () => {
    for (const url of ['/register', '/dashboard/student', '/library/books/123?tab=loans']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(FILES['index.html']);
      const plain = await t.app.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(FILES['index.html']);
    }
  });

  it('a prerendered page answers its own path (compressed too); other client routes get index.html', async () => {
    for (const url of ['/login', '/login?next=%2Flibrary', '/login/']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(FILES['login.html']);
      expect((await t.app.inject({ url })).body, url).toBe(FILES['login.html']);
    }
    for (const url of ['/register', '/login/extra', '/dashboard/login']) {
      expect((await t.app.inject({ url })).body, url).toBe(FILES['index.html']);
    }
  });

  it('a HEAD gets the headers of the compressed file and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });
});

describe('API answers', () => {
  it(`are compressed from ${COMPRESS_THRESHOLD} bytes on, for a client that accepts it, and stay no-store`, async () => {
    const admin = await loginAs(t, ['Admin']);
    for (let i = 0; i < 12; i++) await createUser(t.ctx, { status: 'pending', name: `Pending applicant number ${i}` });
    const url = '/api/v1/users?status=pending';
    const plain = await t.app.inject({ url, headers: admin.auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await t.app.inject({ url, headers: { ...admin.auth, 'accept-encoding': BROWSER } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ url, headers: { ...admin.auth, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('below the threshold go out plain', async () => {
    const res = await t.app.inject({ url: '/api/v1/library/settings', headers: { ...(await loginAs(t, ['Librarian'])).auth, 'accept-encoding': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTypeOf('object');
  });

  it('never compress /auth (tokens: BREACH) nor /health, whatever their size', async () => {
    // A name longer than the form allows (straight into the database), so each answer passes the threshold.
    const user = await createUser(t.ctx, { name: 'N'.repeat(COMPRESS_THRESHOLD) });
    const headers = { 'accept-encoding': BROWSER };
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(login.headers['content-encoding']).toBeUndefined();
    const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers, payload: { refreshToken } });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['content-encoding']).toBeUndefined();
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(me.headers['content-encoding']).toBeUndefined();
    const health = await t.app.inject({ url: '/api/v1/health', headers });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('the route rule: API routes only, never auth or health', () => {
    for (const url of ['/api/v1/users', '/api/v1/library/books', '/api/docs/json']) expect(mayCompress(url), url).toBe(true);
    for (const url of ['/api/v1/auth/login', '/api/v1/auth/users/me', '/api/v1/health', '/api/v1/health/ready', '/*', '/assets/x.js']) expect(mayCompress(url), url).toBe(false);
  });

  it('a gzip request body is not inflated: uploads count their bytes as sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.co', password: 'secret123' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
