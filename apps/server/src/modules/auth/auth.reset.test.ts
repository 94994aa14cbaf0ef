// Password reset (quality.md "Accounts": reset token; product.md section 5).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, createUser, login, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, countRows, one, rows } from '../../../test/util.ts';
import { sha256 } from '../../lib/crypto.ts';
import * as auth from './auth.service.ts';
import { resetRequestsDone } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
// Each test asks from its own address so the per-address limit of one test never bleeds into another.
const ask = (email: string, headers: Record<string, string> = {}, remoteAddress = `10.20.${++ipSeq}.1`) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email }, headers, remoteAddress });
/** A reset request, and its work after the answer (the account, the token, the mail) done. */
async function request(...args: Parameters<typeof ask>) {
  const res = await ask(...args);
  await resetRequestsDone(t.ctx);
  return res;
}
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password } });
const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).statusCode;

/** The token of the last link printed for `email` (no SMTP in this file: mails are printed). */
function lastToken(email: string): string {
  const line = [...t.printed].reverse().find((l) => l.includes(`to=${email}`));
  if (!line) throw new Error(`no mail printed for ${email}`);
  expect(line).toContain('http://crs.test/reset-password?token=');
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1];
  if (!token) throw new Error(`no token in ${line}`);
  return token;
}
const mailsTo = (email: string) => t.printed.filter((l) => l.includes(`to=${email}`)).length;

describe('POST /auth/reset/request', () => {
  // The answer must not wait for the account look-up or the mail, or its time tells whether the
  // address exists (issue 25: 7.0 against 4.1 ms median).
  it('answers before it looks the account up: no token and no mail yet when the answer arrives', async () => {
    const u = await createUser(t.ctx);
    const res = await ask(u.email);
    expect(res.statusCode).toBe(200);
    const tokens = () => rows(t.ctx, sql`select 1 from password_resets r join users u on u.id = r.user_id where u.email = ${u.email}`);
    const outbox = () => countRows(t.ctx, 'mail_outbox', `"to" = '${u.email}'`);
    expect(await tokens()).toHaveLength(0);
    expect(await outbox()).toBe(0);
    expect(mailsTo(u.email)).toBe(0);
    await resetRequestsDone(t.ctx);
    expect(await tokens()).toHaveLength(1);
    expect(await outbox()).toBe(1);
    expect(mailsTo(u.email)).toBe(1);
  });

  it('logs a failure of the work after the answer instead of losing it', async () => {
    const u = await createUser(t.ctx);
    const failing = new Error('outbox unavailable');
    const logged: unknown[] = [];
    const send = vi.spyOn(t.ctx.mailer, 'send').mockRejectedValueOnce(failing);
    try {
      await auth.requestReset(t.ctx, u.email, '10.20.250.1', (err) => logged.push(err));
      await resetRequestsDone(t.ctx);
    } finally {
      send.mockRestore();
    }
    expect(logged).toEqual([failing]);
  });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const u = await createUser(t.ctx);
    const ghost = uniqueEmail('ghost');
    const known = await request(u.email);
    const unknown = await request(ghost);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: MSG.resetRequested });
    expect(mailsTo(u.email)).toBe(1);
    expect(mailsTo(ghost)).toBe(0);
    const line = t.printed.find((l) => l.includes(`to=${u.email}`))!;
    expect(line).toContain('link=http://crs.test/reset-password?token=');
    // The mail is kept in the outbox too.
    expect(await countRows(t.ctx, 'mail_outbox', `"to" = '${u.email}' and status = 'stored'`)).toBe(1);
  });

  it('stores only the SHA-256 of a 256-bit token, valid for 30 minutes', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    const token = lastToken(u.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await rows(t.ctx, sql`select 1 from password_resets where token_hash = ${token}`)).toHaveLength(0);
    const r = await one<{ minutes: number }>(
      t.ctx,
      sql`select round(extract(epoch from (expires_at - created_at)) / 60)::int as minutes from password_resets where token_hash = ${sha256(token)}`,
    );
    expect(r.minutes).toBe(30);
  });

  it('builds the link from configuration, never from the Host header', async () => {
    const u = await createUser(t.ctx);
    await request(u.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const line = t.printed.filter((l) => l.includes(`to=${u.email}`)).at(-1)!;
    expect(line).toContain('http://crs.test/reset-password?token=');
    expect(line).not.toContain('evil.example');
  });

  it('mails no disabled account, with the same answer', async () => {
    const u = await createUser(t.ctx, { status: 'disabled' });
    const res = await request(u.email);
    expect(res.json()).toEqual({ message: MSG.resetRequested });
    expect(mailsTo(u.email)).toBe(0);
  });

  it('sends at most 3 mails to one address an hour, answering the same', async () => {
    const u = await createUser(t.ctx);
    for (let i = 0; i < 6; i++) {
      const res = await request(u.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MSG.resetRequested });
    }
    expect(mailsTo(u.email)).toBe(3);
    expect(await countRows(t.ctx, 'mail_outbox', `"to" = '${u.email}'`)).toBe(3);
    // An hour later the address may get a mail again.
    await t.ctx.db.execute(sql`update auth_attempts set created_at = now() - interval '61 minutes' where email = ${u.email}`);
    await request(u.email);
    expect(mailsTo(u.email)).toBe(4);
  });

  it('answers a bad email with its message, and extra fields with 400', async () => {
    const res = await request('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'email', message: MSG.invalidEmail });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: 'a@b.co', admin: 1 } })).statusCode).toBe(400);
  });
});

describe('POST /auth/reset/confirm', () => {
  it('sets the new password once; the old password and a second use fail', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    const token = lastToken(u.email);
    const res = await confirm(token, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.resetDone });
    expect(await loginStatus(u.email, 'brand-new-pass')).toBe(200);
    expect(await loginStatus(u.email, u.password)).toBe(401);
    const again = await confirm(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: MSG.resetInvalid, code: 'RESET_INVALID' });
    expect(await loginStatus(u.email, 'another-pass')).toBe(401);
  });

  it('is single use under 10 parallel submissions: exactly one 200, nine 400 RESET_INVALID', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    const token = lastToken(u.email);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => confirm(token, `parallel-pass-${i}`)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().code).toBe('RESET_INVALID');
    // The winner's password is the one that works.
    const winner = results.indexOf(ok[0]!);
    expect(await loginStatus(u.email, `parallel-pass-${winner}`)).toBe(200);
    expect(await loginStatus(u.email, `parallel-pass-${(winner + 1) % 10}`)).toBe(401);
  });

  it('refuses an expired token', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    const token = lastToken(u.email);
    await t.ctx.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`);
    const res = await confirm(token, 'too-late-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_INVALID');
    expect(await loginStatus(u.email, u.password)).toBe(200);
  });

  it('voids the older token when a new one is requested', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    const older = lastToken(u.email);
    await request(u.email);
    const newer = lastToken(u.email);
    expect(newer).not.toBe(older);
    expect((await confirm(older, 'older-pass')).json().code).toBe('RESET_INVALID');
    expect((await confirm(newer, 'newer-pass')).statusCode).toBe(200);
    expect(await loginStatus(u.email, 'newer-pass')).toBe(200);
  });

  it('revokes every session of the user: old access and refresh tokens fail', async () => {
    const u = await createUser(t.ctx);
    const bystander = await createUser(t.ctx);
    const a = await login(t.app, u.email, u.password);
    const b = await login(t.app, u.email, u.password);
    const other = await login(t.app, bystander.email, bystander.password);
    for (const s of [a, b]) expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(s.token) })).statusCode).toBe(200);
    await request(u.email);
    expect((await confirm(lastToken(u.email), 'after-reset-1')).statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(s.token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    }
    expect(await countRows(t.ctx, 'sessions', `user_id = '${u.id}' and revoked_at is null`)).toBe(0);
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(other.token) })).statusCode).toBe(200);
    const fresh = await login(t.app, u.email, 'after-reset-1');
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(fresh.token) })).statusCode).toBe(200);
  });

  it('refuses an unknown token, and answers each field rule with its message', async () => {
    const unknown = await confirm('x'.repeat(43), 'whatever-pass');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: MSG.resetInvalid, code: 'RESET_INVALID' });
    const noToken = await confirm('', 'whatever-pass');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toContainEqual({ path: 'token', message: MSG.resetTokenRequired });
    const short = await confirm('abc', '12345');
    expect(short.json().errors).toContainEqual({ path: 'password', message: MSG.passwordMin });
    const long = await confirm('abc', 'x'.repeat(51));
    expect(long.json().errors).toContainEqual({ path: 'password', message: MSG.passwordMax });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token: 'abc', password: 'secret123', email: 'a@b.co' } })).statusCode).toBe(400);
  });

  it('keeps the new password as typed (not trimmed)', async () => {
    const u = await createUser(t.ctx);
    await request(u.email);
    expect((await confirm(lastToken(u.email), '  spaced pass  ')).statusCode).toBe(200);
    expect(await loginStatus(u.email, 'spaced pass')).toBe(401);
    expect(await loginStatus(u.email, '  spaced pass  ')).toBe(200);
  });
});
