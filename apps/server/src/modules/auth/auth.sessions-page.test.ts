// The sessions page (issue 28 item 4): a user's live sessions with device, address and times, this
// one marked; signing out one or all others takes effect on the next request, on this server and on
// another one on the same database (decision 0004's invalidation); never someone else's session.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { activeSessionsResponse } from '@crs/shared/schemas/identity';
import { auditListResponse } from '@crs/shared/schemas/audit';
import { createPeerApp, createTestApp, createUser } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, eventually } from '../../../test/util.ts';
import { deviceOf } from './auth.sessions.ts';

let t: TestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  t = await createTestApp();
  peer = await createPeerApp(t);
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs `user` in from a device (user agent) and address: a session of their own. */
async function signInFrom(app: TestApp['app'], user: { email: string; password: string }, userAgent: string, ip: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent }, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.json() as { token: string };
  return { token, auth: bearer(token) };
}
const call = (app: TestApp['app'], method: 'GET' | 'DELETE', url: string, headers: Record<string, string>) => app.inject({ method, url: `/api/v1${url}`, headers });
const me = (app: TestApp['app'], auth: Record<string, string>) => call(app, 'GET', '/auth/users/me', auth);
async function list(auth: Record<string, string>) {
  const res = await call(t.app, 'GET', '/auth/sessions', auth);
  expect(res.statusCode, res.body).toBe(200);
  return activeSessionsResponse.parse(res.json()).sessions;
}

describe('device names', () => {
  it('names browser and system from the user agent, and says when it cannot', () => {
    expect(deviceOf(ANDROID_CHROME)).toBe('Chrome 131 on Android');
    expect(deviceOf(WINDOWS_FIREFOX)).toBe('Firefox 133 on Windows');
    expect(deviceOf(null)).toBe(MSG.sessionUnknownDevice);
    expect(deviceOf('curl/8.4.0')).toBe(MSG.sessionUnknownDevice);
  });
});

describe('GET /auth/sessions', () => {
  it("lists the user's live sessions only, newest use first, this one marked", async () => {
    const user = await createUser(t.ctx);
    const phone = await signInFrom(t.app, user, ANDROID_CHROME, '198.51.100.7');
    const laptop = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.8');
    const ended = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.9');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: ended.auth })).statusCode).toBe(200);
    // Someone else's session is never listed.
    const other = await createUser(t.ctx);
    await signInFrom(t.app, other, ANDROID_CHROME, '198.51.100.10');

    const sessions = await list(laptop.auth);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.ip)).toEqual(['198.51.100.8', '198.51.100.7']);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ device: 'Firefox 133 on Windows', userAgent: WINDOWS_FIREFOX, ip: '198.51.100.8', method: MSG.sessionMethodPassword });
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: 'Chrome 131 on Android', ip: '198.51.100.7' });
    for (const s of sessions) {
      expect(Date.parse(s.startedAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.startedAt));
    }
    // From the phone, the phone's is current.
    expect((await list(phone.auth)).find((s) => s.current)?.ip).toBe('198.51.100.7');
    expect((await call(t.app, 'GET', '/auth/sessions', {})).statusCode).toBe(401);
  });

  it('moves "last seen" when a server process first meets the session after its cached copy', async () => {
    const user = await createUser(t.ctx);
    const a = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.12');
    expect((await me(t.app, a.auth)).statusCode).toBe(200); // this process now holds the session
    await t.ctx.db.execute(sql`update sessions set last_used_at = now() - interval '1 hour' where user_id = ${user.id}`);
    // Within the cached copy's minute, requests here do not write.
    expect(Date.parse((await list(a.auth))[0]!.lastSeenAt)).toBeLessThan(Date.now() - 50 * 60_000);
    // The other process has not met this session: its request marks it seen.
    expect((await me(peer.app, a.auth)).statusCode).toBe(200);
    expect(Date.parse((await list(a.auth))[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows how a session began: a second factor, a provider', async () => {
    const user = await createUser(t.ctx);
    const a = await signInFrom(t.app, user, ANDROID_CHROME, '198.51.100.11');
    await t.ctx.db.execute(sql`update sessions set method = 'oidc:campus', mfa = true where user_id = ${user.id}`);
    expect((await list(a.auth))[0]!.method).toBe(MSG.sessionMethodWithMfa(MSG.sessionMethodProvider('campus')));
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it('signs out another session at its next request, on this server and another, audited', async () => {
    const user = await createUser(t.ctx);
    const here = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.20');
    const there = await signInFrom(peer.app, user, ANDROID_CHROME, '198.51.100.21');
    // Both servers have the other session cached.
    expect((await me(t.app, there.auth)).statusCode).toBe(200);
    expect((await me(peer.app, there.auth)).statusCode).toBe(200);
    const target = (await list(here.auth)).find((s) => !s.current)!;
    const res = await call(t.app, 'DELETE', `/auth/sessions/${target.id}`, here.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.sessionRevoked });
    expect((await me(t.app, there.auth)).statusCode).toBe(401);
    await eventually(async () => (await me(peer.app, there.auth)).statusCode === 401);
    // This one goes on; the list has it alone.
    expect((await me(t.app, here.auth)).statusCode).toBe(200);
    expect((await list(here.auth)).map((s) => s.current)).toEqual([true]);
    const audit = await auditOf(user.id, 'auth.session_revoked');
    expect(audit).toMatchObject([{ actor: { id: user.id }, target: { type: 'session', id: target.id, label: 'Chrome 131 on Android' }, details: { ip: '198.51.100.21' } }]);
    // Again: it is not live any more.
    expect((await call(t.app, 'DELETE', `/auth/sessions/${target.id}`, here.auth)).statusCode).toBe(404);
  });

  it("refuses this session (409: use Sign out) and someone else's or an unknown one (404)", async () => {
    const user = await createUser(t.ctx);
    const mine = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.30');
    const other = await createUser(t.ctx);
    const theirs = await signInFrom(t.app, other, ANDROID_CHROME, '198.51.100.31');
    const [current] = await list(mine.auth);
    const own = await call(t.app, 'DELETE', `/auth/sessions/${current!.id}`, mine.auth);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ code: 'SESSION_CURRENT', message: MSG.sessionCurrentUseLogout });
    const [theirSession] = await list(theirs.auth);
    for (const id of [theirSession!.id, '00000000-0000-4000-8000-000000000000', 'not-a-session']) {
      const res = await call(t.app, 'DELETE', `/auth/sessions/${id}`, mine.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: MSG.sessionNotFound });
    }
    expect((await me(t.app, theirs.auth)).statusCode).toBe(200);
    expect((await me(t.app, mine.auth)).statusCode).toBe(200);
  });
});

describe('DELETE /auth/sessions', () => {
  it('signs out every other session (answers how many), keeps this one and other users’, audited', async () => {
    const user = await createUser(t.ctx);
    const keep = await signInFrom(t.app, user, WINDOWS_FIREFOX, '198.51.100.40');
    const a = await signInFrom(t.app, user, ANDROID_CHROME, '198.51.100.41');
    const b = await signInFrom(peer.app, user, ANDROID_CHROME, '198.51.100.42');
    const other = await createUser(t.ctx);
    const theirs = await signInFrom(t.app, other, ANDROID_CHROME, '198.51.100.43');
    expect((await me(peer.app, b.auth)).statusCode).toBe(200);

    const res = await call(t.app, 'DELETE', '/auth/sessions', keep.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.sessionsRevoked(2), revoked: 2 });
    expect((await me(t.app, a.auth)).statusCode).toBe(401);
    await eventually(async () => (await me(peer.app, b.auth)).statusCode === 401);
    expect((await me(t.app, keep.auth)).statusCode).toBe(200);
    expect((await me(t.app, theirs.auth)).statusCode).toBe(200);
    expect(await auditOf(user.id, 'auth.sessions_revoked')).toMatchObject([{ details: { revoked: 2 } }]);
    // Nothing left to sign out: 0, and no entry.
    expect((await call(t.app, 'DELETE', '/auth/sessions', keep.auth)).json()).toEqual({ message: MSG.sessionsRevoked(0), revoked: 0 });
    expect(await auditOf(user.id, 'auth.sessions_revoked')).toHaveLength(1);
  });
});

async function auditOf(actorId: string, action: string) {
  const admin = await createUser(t.ctx, { roles: ['SuperAdmin'] });
  const { token } = await signInFrom(t.app, admin, WINDOWS_FIREFOX, '192.0.2.1');
  const res = await call(t.app, 'GET', `/audit?${new URLSearchParams({ action, actor: actorId, pageSize: '100' })}`, bearer(token));
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json()).entries;
}
