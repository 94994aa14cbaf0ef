// Access tokens and sessions: algorithm pinning, expiry, revocation, refresh rotation and reuse
// detection (quality.md "Accounts": JWT, refresh tokens, logout, disable, role change).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { DEFAULT_LIFETIMES } from '@crs/shared/schemas/settings';
import { createTestApp, createUser, login, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, one, rows } from '../../../test/util.ts';
import { sha256 } from '../../lib/crypto.ts';
import { userChanged } from '../users/users.service.ts';
import { REFRESH_GRACE_SECONDS } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(token) });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
const sessionOf = (refreshToken: string) => rows<{ session_id: string }>(t.ctx, sql`select session_id from refresh_tokens where token_hash = ${sha256(refreshToken)}`);

function expect401(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: MSG.unauthenticated, code: 'UNAUTHENTICATED' });
}

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('access token (JWT)', () => {
  /** Claims of a real session, so only the property under test makes a token bad. */
  async function validClaims() {
    const a = await loginAs(t);
    return { a, claims: decode(a.token) };
  }
  const sign = (claims: Record<string, unknown>, alg = 'HS256', secret: Uint8Array = t.ctx.config.jwtSecret) =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);

  it('accepts a token crafted with the secret, HS256 and valid claims (the control for the refusals below)', async () => {
    const { claims } = await validClaims();
    expect(claims).toMatchObject({ typ: 'access', sid: expect.any(String), sub: expect.any(String), ver: 0, roles: ['Student'] });
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
    expect((await me(await sign(claims))).statusCode).toBe(200);
  });

  it('refuses alg "none"', async () => {
    const { claims } = await validClaims();
    const unsecured = new UnsecuredJWT(claims).encode();
    expect401(await me(unsecured));
    // Hand-made variants of the same: "None", and "none" with a signature part left in.
    const [, payload] = unsecured.split('.');
    expect401(await me(`${b64url({ alg: 'None', typ: 'JWT' })}.${payload}.`));
    expect401(await me(`${b64url({ alg: 'none' })}.${payload}.c2ln`));
  });

  it('refuses HS384, HS512 and RS256 even with a valid signature', async () => {
    const { claims } = await validClaims();
    expect401(await me(await sign(claims, 'HS384')));
    expect401(await me(await sign(claims, 'HS512')));
    const { privateKey } = await generateKeyPair('RS256');
    expect401(await me(await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey)));
  });

  it('refuses a token signed with another secret', async () => {
    const { claims } = await validClaims();
    expect401(await me(await sign(claims, 'HS256', new TextEncoder().encode('another-secret-another-secret-32b!'))));
  });

  it('refuses a tampered payload', async () => {
    const { a, claims } = await validClaims();
    const [h, , s] = a.token.split('.');
    expect401(await me(`${h}.${b64url({ ...claims, roles: ['SuperAdmin'] })}.${s}`));
    expect401(await me(`${h}.${b64url({ ...claims, exp: (claims.exp as number) + 3600 })}.${s}`));
    // The untouched token still works, so the refusals above are the tampering.
    expect((await me(a.token)).statusCode).toBe(200);
  });

  it('enforces exp', async () => {
    const { claims } = await validClaims();
    const now = Math.floor(Date.now() / 1000);
    expect401(await me(await sign({ ...claims, iat: now - 3600, exp: now - 10 })));
    const { exp: _exp, ...noExp } = claims;
    // A token without exp is not one we issued; it must not live forever.
    expect401(await me(await sign(noExp)));
  });

  it('refuses tokens of another type or with missing claims', async () => {
    const { claims } = await validClaims();
    expect401(await me(await sign({ ...claims, typ: 'refresh' })));
    expect401(await me(await sign({ ...claims, typ: 'reset' })));
    const { typ: _t, ...noTyp } = claims;
    expect401(await me(await sign(noTyp)));
    const { sid: _s, ...noSid } = claims;
    expect401(await me(await sign(noSid)));
    expect401(await me(await sign({ ...claims, sid: randomUUID() })));
    expect401(await me(await sign({ ...claims, sid: 'not-a-uuid' })));
    expect401(await me(await sign({ ...claims, sub: randomUUID() })));
    expect401(await me(await sign({ ...claims, ver: '0' })));
  });

  it('refuses a refresh token, a random string and malformed headers as a bearer', async () => {
    const a = await loginAs(t);
    expect401(await me(a.refreshToken));
    expect401(await me('random-string'));
    expect401(await me('a.b.c'));
    expect401(await t.app.inject({ url: '/api/v1/auth/users/me', headers: { authorization: `Basic ${a.token}` } }));
    expect401(await t.app.inject({ url: '/api/v1/auth/users/me', headers: { authorization: 'Bearer' } }));
    expect401(await t.app.inject({ url: '/api/v1/auth/users/me', headers: { authorization: a.token } }));
    expect401(await t.app.inject({ url: '/api/v1/auth/users/me', headers: { authorization: `Bearer ${a.token} extra` } }));
  });
});

describe('refresh rotation and reuse detection', () => {
  it('revokes the whole session when a rotated token is replayed after the grace window (Supabase TestRefreshTokenReuseRevocation)', async () => {
    const a = await loginAs(t);
    const other = await login(t.app, a.user.email, a.user.password); // another device, must survive
    const r1 = await refresh(a.refreshToken);
    expect(r1.statusCode).toBe(200);
    const second = r1.json() as { token: string; refreshToken: string };
    const r2 = await refresh(second.refreshToken);
    expect(r2.statusCode).toBe(200);
    const newest = r2.json() as { token: string; refreshToken: string };
    expect((await me(newest.token)).statusCode).toBe(200);

    // The first token was used; pretend the grace window has passed.
    await t.ctx.db.execute(sql`update refresh_tokens set used_at = now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1}) where token_hash = ${sha256(a.refreshToken)}`);
    const replay = await refresh(a.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: MSG.sessionExpired, code: 'INVALID_REFRESH_TOKEN' });

    // The newest refresh token and every access token of the session die.
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    expect401(await me(newest.token));
    expect401(await me(second.token));
    expect401(await me(a.token));
    const [sid] = await sessionOf(a.refreshToken);
    const s = await one<{ revoke_reason: string }>(t.ctx, sql`select revoke_reason from sessions where id = ${sid!.session_id}`);
    expect(s.revoke_reason).toBe('refresh-token-reuse');

    // The user's other session is untouched.
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers a replay within the grace window with the same successor (two tabs), so no second chain grows', async () => {
    const a = await loginAs(t);
    const first = await refresh(a.refreshToken);
    expect(first.statusCode).toBe(200);
    const successor = first.json().refreshToken as string;
    // 13 replays (the black-box probe's count): every one gets the same successor, none a chain of its own.
    for (let i = 0; i < 13; i++) {
      const again = await refresh(a.refreshToken);
      expect(again.statusCode).toBe(200);
      expect(again.json().refreshToken).toBe(successor);
      expect((await me(again.json().token)).statusCode).toBe(200);
    }
    const [sid] = await sessionOf(a.refreshToken);
    const live = await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from refresh_tokens where session_id = ${sid!.session_id} and used_at is null`);
    expect(live.n).toBe(1);
    // Only its hash is stored.
    expect(await rows(t.ctx, sql`select 1 from refresh_tokens where token_hash = ${successor}`)).toHaveLength(0);
    expect(await sessionOf(successor)).toHaveLength(1);
    // The one chain goes on.
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('answers a replay within the window with the live end of the chain when the successor was rotated too', async () => {
    const a = await loginAs(t);
    const second = (await refresh(a.refreshToken)).json().refreshToken as string;
    const third = (await refresh(second)).json().refreshToken as string;
    expect(third).not.toBe(second);
    const replay = await refresh(a.refreshToken);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().refreshToken).toBe(third);
  });

  it('gives another session a different successor chain', async () => {
    const a = await loginAs(t);
    const b = await login(t.app, a.user.email, a.user.password);
    const ra = (await refresh(a.refreshToken)).json().refreshToken as string;
    const rb = (await refresh(b.refreshToken)).json().refreshToken as string;
    expect(ra).not.toBe(rb);
    expect(ra).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never answers 500 to parallel refreshes with one token', async () => {
    const a = await loginAs(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(a.refreshToken)));
    const statuses = results.map((r) => r.statusCode);
    for (const s of statuses) expect([200, 401]).toContain(s);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    // Within the grace window every one of them is honoured.
    expect(statuses.every((s) => s === 200)).toBe(true);
    // ... and all of them with the one successor: a single chain.
    const tokens = new Set(results.map((r) => r.json().refreshToken as string));
    expect(tokens.size).toBe(1);
  });

  it('refuses a refresh after the idle limit and after the absolute lifetime', async () => {
    const idle = await loginAs(t);
    const [s1] = await sessionOf(idle.refreshToken);
    await t.ctx.db.execute(sql`update sessions set last_used_at = now() - make_interval(days => ${DEFAULT_LIFETIMES.sessionIdleDays}, secs => 60) where id = ${s1!.session_id}`);
    expect((await refresh(idle.refreshToken)).statusCode).toBe(401);

    const old = await loginAs(t);
    const [s2] = await sessionOf(old.refreshToken);
    await t.ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where id = ${s2!.session_id}`);
    expect((await refresh(old.refreshToken)).statusCode).toBe(401);
    await t.ctx.caches.of('session').invalidate(s2!.session_id);
    expect401(await me(old.token));
  });

  it('keeps stored refresh tokens hashed (SHA-256) only', async () => {
    const a = await loginAs(t);
    const hits = await rows(t.ctx, sql`select 1 from refresh_tokens where token_hash = ${a.refreshToken}`);
    expect(hits).toHaveLength(0);
    expect(await sessionOf(a.refreshToken)).toHaveLength(1);
  });
});

describe('changes take effect on the next request', () => {
  it('refuses a disabled user at once: access token, refresh token and login', async () => {
    const a = await loginAs(t);
    expect((await me(a.token)).statusCode).toBe(200); // now cached
    await t.ctx.db.execute(sql`update users set status = 'disabled' where id = ${a.user.id}`);
    await userChanged(t.ctx, a.user.id);
    expect401(await me(a.token));
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: a.user.email, password: a.user.password } })).statusCode).toBe(403);
  });

  it('invalidates older access tokens when the roles change (token_version bump)', async () => {
    const a = await loginAs(t);
    expect((await t.app.inject({ url: '/api/v1/users', headers: a.auth })).statusCode).toBe(403);
    await t.ctx.db.execute(sql`update users set roles = array['Admin'], token_version = token_version + 1 where id = ${a.user.id}`);
    await userChanged(t.ctx, a.user.id);
    expect401(await me(a.token));
    // A refresh issues a token of the new version and roles.
    const r = await refresh(a.refreshToken);
    expect(r.statusCode).toBe(200);
    expect(decode(r.json().token)).toMatchObject({ roles: ['Admin'], ver: 1 });
    expect((await t.app.inject({ url: '/api/v1/users', headers: bearer(r.json().token) })).statusCode).toBe(200);
    // As does a fresh login.
    const again = await login(t.app, a.user.email, a.user.password);
    expect((await t.app.inject({ url: '/api/v1/users', headers: bearer(again.token) })).statusCode).toBe(200);
  });

  it('refuses a deleted user', async () => {
    const u = await createUser(t.ctx);
    const a = await login(t.app, u.email, u.password);
    expect((await me(a.token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`delete from users where id = ${u.id}`);
    await userChanged(t.ctx, u.id);
    expect401(await me(a.token));
  });
});
