// Changing one's password while signed in (POST /auth/users/me/password): the current password is
// required and throttled like sign-in; other sessions end at once, this one carries on.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, createUser, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, rows } from '../../../test/util.ts';
import { ACCOUNT_LIMIT } from './auth.throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/auth/users/me/password', headers: bearer(token), payload: payload as object });
const me = async (token: string) => (await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(token) })).statusCode;
const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).statusCode;
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

describe('POST /auth/users/me/password', () => {
  it('sets the new password, ends the other sessions and keeps this one with a new access token', async () => {
    const u = await createUser(t.ctx, { password: 'old-secret' });
    const here = await login(t.app, u.email, 'old-secret');
    const there = await login(t.app, u.email, 'old-secret');

    const res = await change(here.token, { currentPassword: 'old-secret', password: 'new-secret-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; token: string };
    expect(body.message).toBe(MSG.passwordChanged);
    expect(body.token).not.toBe(here.token);

    // This session: the new access token works and its refresh token still rotates; the old
    // access token carried the account's previous token version and is refused.
    expect(await me(body.token)).toBe(200);
    expect(await me(here.token)).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    // The other session is over, access and refresh alike.
    expect(await me(there.token)).toBe(401);
    expect((await refresh(there.refreshToken)).statusCode).toBe(401);

    expect(await loginStatus(u.email, 'old-secret')).toBe(401);
    expect(await loginStatus(u.email, 'new-secret-1')).toBe(200);

    const revoked = await rows<{ revoke_reason: string }>(t.ctx, sql`select revoke_reason from sessions where user_id = ${u.id} and revoked_at is not null`);
    expect(revoked.map((r) => r.revoke_reason)).toEqual(['password-change']);
    const entries = await rows<{ action: string; details: { sessionsEnded: number } }>(
      t.ctx,
      sql`select action, details from audit_log where target_id = ${u.id} and action = 'auth.password_changed'`,
    );
    expect(entries).toEqual([{ action: 'auth.password_changed', details: { sessionsEnded: 1 } }]);
  });

  it('refuses a wrong current password with 400 (not 401: the session is fine) and changes nothing', async () => {
    const u = await createUser(t.ctx, { password: 'right-one' });
    const s = await login(t.app, u.email, 'right-one');
    const res = await change(s.token, { currentPassword: 'wrong-one', password: 'another-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: MSG.wrongCurrentPassword, errors: [{ path: 'currentPassword', message: MSG.wrongCurrentPassword }] });
    expect(await me(s.token)).toBe(200);
    expect(await loginStatus(u.email, 'right-one')).toBe(200);
    expect(await loginStatus(u.email, 'another-1')).toBe(401);
  });

  it('refuses the current password as the new one, and bad bodies with the form rules', async () => {
    const u = await createUser(t.ctx, { password: 'same-secret' });
    const s = await login(t.app, u.email, 'same-secret');
    const same = await change(s.token, { currentPassword: 'same-secret', password: 'same-secret' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_PASSWORD', message: MSG.samePassword });

    const short = await change(s.token, { currentPassword: 'same-secret', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: MSG.passwordMin });
    const missing = await change(s.token, { password: 'long-enough' });
    expect(missing.statusCode).toBe(400);
    const empty = await change(s.token, { currentPassword: '', password: 'long-enough' });
    expect(empty.json()).toMatchObject({ message: MSG.currentPasswordRequired });
    const extra = await change(s.token, { currentPassword: 'same-secret', password: 'long-enough', roles: ['Admin'] });
    expect(extra.statusCode).toBe(400);
    expect(await loginStatus(u.email, 'same-secret')).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/users/me/password', payload: { currentPassword: 'x', password: 'long-enough' } });
    expect(res.statusCode).toBe(401);
  });

  it('counts wrong current passwords towards the sign-in throttle: 429 after the account limit', async () => {
    const u = await createUser(t.ctx, { password: 'guess-me-not' });
    const s = await login(t.app, u.email, 'guess-me-not');
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await change(s.token, { currentPassword: `guess-${i}`, password: 'whatever-1' })).statusCode).toBe(400);
    const blocked = await change(s.token, { currentPassword: 'guess-me-not', password: 'whatever-1' });
    expect(blocked.statusCode).toBe(429);
    // The right password while throttled changes nothing; sign-in is throttled for the account too.
    expect(await loginStatus(u.email, 'guess-me-not')).toBe(429);
    expect(await me(s.token)).toBe(200);
  });
});
