// Login and reset throttling (quality.md "Accounts": 10 per account, 100 per IP, 15 minutes).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, createUser, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { ACCOUNT_LIMIT, IP_LIMIT, WINDOW_MINUTES } from './auth.throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress, headers });

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: MSG.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
  const retry = Number(res.headers['retry-after']);
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
}

it('uses the limits quality.md sets', () => {
  expect([ACCOUNT_LIMIT, IP_LIMIT, WINDOW_MINUTES]).toEqual([10, 100, 15]);
});

describe('per account', () => {
  it('answers 429 with Retry-After on the 11th attempt after 10 failures, even with the right password, from any address', async () => {
    const u = await createUser(t.ctx);
    // Failures spread over many addresses still count for the account.
    for (let i = 0; i < 10; i++) {
      const res = await attempt(u.email, 'wrong-password', `10.1.0.${i + 1}`);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    expect429(await attempt(u.email, u.password, '10.1.0.1'));
    expect429(await attempt(u.email, u.password, '10.1.9.9'));
    // Case does not make another account.
    expect429(await attempt(u.email.toUpperCase(), u.password, '10.1.9.9'));
    // Other accounts from the same addresses are not affected.
    const v = await createUser(t.ctx);
    expect((await attempt(v.email, v.password, '10.1.0.1')).statusCode).toBe(200);
  });

  it('lets the account in again once the failures are older than the window', async () => {
    const u = await createUser(t.ctx);
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
    expect429(await attempt(u.email, u.password, '10.2.0.1'));
    await t.ctx.db.execute(sql`update auth_attempts set created_at = now() - make_interval(mins => ${WINDOW_MINUTES}, secs => 1) where email = ${u.email}`);
    expect((await attempt(u.email, u.password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('never counts successful logins', async () => {
    const u = await createUser(t.ctx);
    for (let i = 0; i < 12; i++) expect((await attempt(u.email, u.password, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(u.email, 'wrong-password', '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(u.email, u.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('counts failures for an unknown email the same way (no account enumeration by throttling)', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await attempt(ghost, 'wrong-password', '10.4.0.1')).statusCode).toBe(401);
    expect429(await attempt(ghost, 'wrong-password', '10.4.0.1'));
  });
});

describe('per address', () => {
  it(`answers 429 after ${100} failures from one address across different emails; successes never count; other addresses are unaffected`, async () => {
    const ip = '10.9.0.1';
    const u = await createUser(t.ctx);
    for (let i = 0; i < 100; i++) {
      const res = await attempt(uniqueEmail(`ip${i}`), 'wrong-password', ip);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
      // Successful logins from the same address along the way do not count.
      if (i % 25 === 0) expect((await attempt(u.email, u.password, ip)).statusCode).toBe(200);
    }
    expect429(await attempt(u.email, u.password, ip));
    expect429(await attempt(uniqueEmail('fresh'), 'whatever1', ip));
    // X-Forwarded-For is not trusted without a configured proxy: it cannot dodge the limit.
    expect429(await attempt(u.email, u.password, ip, { 'x-forwarded-for': '192.0.2.77' }));
    expect((await attempt(u.email, u.password, '10.9.0.2')).statusCode).toBe(200);
  });

  it('limits reset requests per address too, with the same answer up to the limit', async () => {
    const ip = '10.8.0.1';
    const answers = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: uniqueEmail(`r${i}`) }, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    expect429(await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: uniqueEmail('r') }, remoteAddress: ip }));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: uniqueEmail('r') }, remoteAddress: '10.8.0.2' })).statusCode).toBe(200);
  });

  it('uses X-Forwarded-For only behind a configured proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      await attempt(uniqueEmail('p'), 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }, proxied.app);
      const [row] = await rows<{ ip: string }>(proxied.ctx, sql`select ip from auth_attempts`);
      expect(row?.ip).toBe('203.0.113.5');
    } finally {
      await proxied.close();
    }
  });
});
