// The second factor (issue 28 items 3, 5, 6; decision 0047): TOTP enrolment with a real code
// computed by otplib, the sign-in challenge and its mfaToken, recovery codes, reuse and throttling,
// the Admin requirement from Settings, the SuperAdmin reset, and what each writes to the audit log.
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { auditListResponse } from '@crs/shared/schemas/audit';
import type { AuditAction } from '@crs/shared/schemas/audit';
import { authResponseSchema } from '@crs/shared/schemas/auth';
import { mfaChallengeResponseSchema, mfaStatusSchema, RECOVERY_CODE, totpConfirmResponseSchema, totpSetupResponseSchema } from '@crs/shared/schemas/identity';
import { apiOn, createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, one } from '../../../test/util.ts';
import { pruneAuthData } from './auth.service.ts';
import { ACCOUNT_LIMIT } from './auth.throttle.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const api = apiOn(() => t.app);
let lastOctet = 0;
/** A fresh documentation address (RFC 5737) per scenario: throttling and audit entries are per address. */
const freshIp = () => `203.0.113.${(++lastOctet % 250) + 1}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: ip });

/** The code an authenticator app shows `offset` seconds from now (RFC 6238, SHA-1, 6 digits, 30 s). */
const codeAt = (secret: string, offset = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
/** A code that is not any of the three the server accepts now. */
function wrongCode(secret: string): string {
  const near = new Set([-30, 0, 30].map((o) => codeAt(secret, o)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}
/** Moves this process's clock (the server's otplib and tokens) on by `seconds`: the next TOTP steps. */
function travel(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now + seconds * 1000 });
}

async function signIn(email: string, password: string, ip = '127.0.0.1') {
  return post('/auth/login', { email, password }, {}, ip);
}

/** A signed-in user with TOTP on: the key, the recovery codes, and the step its confirm code used. */
async function enrolled(roles: Role[] = ['Student']) {
  const a = await loginAs(t, roles);
  const setup = await post('/auth/mfa/totp/setup', {}, a.auth);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = totpSetupResponseSchema.parse(setup.json());
  const confirm = await post('/auth/mfa/totp/confirm', { code: codeAt(secret) }, a.auth);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...a, secret, recoveryCodes: totpConfirmResponseSchema.parse(confirm.json()).recoveryCodes };
}

async function challenge(user: { email: string; password: string }, ip?: string) {
  const res = await signIn(user.email, user.password, ip);
  expect(res.statusCode, res.body).toBe(200);
  return mfaChallengeResponseSchema.parse(res.json());
}

async function auditOf(action: AuditAction, targetId: string) {
  const res = await api('GET', `/audit?${new URLSearchParams({ action, pageSize: '100' })}`, superAdmin.auth);
  expect(res.statusCode).toBe(200);
  return auditListResponse.parse(res.json()).entries.filter((e) => e.target?.id === targetId);
}

async function setMfaRequired(on: boolean) {
  const res = await api('PATCH', '/settings', superAdmin.auth, { mfaRequiredForAdmins: on });
  expect(res.statusCode, res.body).toBe(200);
}

describe('enrolment', () => {
  it('sets up a key (otpauth URL, SVG QR code), confirms with a real code, answers ten recovery codes, audited', async () => {
    const a = await loginAs(t);
    expect((await api('GET', '/auth/mfa', a.auth)).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const setup = await post('/auth/mfa/totp/setup', {}, a.auth);
    expect(setup.statusCode).toBe(200);
    const body = totpSetupResponseSchema.parse(setup.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(url.pathname)).toContain(a.user.email);
    expect(body.qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(body.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // The key is sealed at rest: the stored value is not the key.
    const stored = await one<{ secret_sealed: string; enabled_at: Date | null }>(t.ctx, sql`select secret_sealed, enabled_at from user_totp where user_id = ${a.user.id}`);
    expect(stored.secret_sealed).not.toContain(body.secret);
    expect(stored.enabled_at).toBeNull();

    // Still off until confirmed; a wrong first code turns nothing on.
    const wrong = await post('/auth/mfa/totp/confirm', { code: wrongCode(body.secret) }, a.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'MFA_CODE_INVALID', message: MSG.mfaCodeInvalid, errors: [{ path: 'code', message: MSG.mfaCodeInvalid }] });
    const confirm = await post('/auth/mfa/totp/confirm', { code: codeAt(body.secret) }, a.auth);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const confirmed = totpConfirmResponseSchema.parse(confirm.json());
    expect(confirmed.message).toBe(MSG.mfaEnabled);
    expect(confirmed.token).toBeUndefined();
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const c of confirmed.recoveryCodes) expect(c).toMatch(RECOVERY_CODE);
    // Stored as keyed hashes only.
    const hashes = await t.ctx.db.execute(sql`select code_hash from recovery_codes where user_id = ${a.user.id}`);
    expect(JSON.stringify(hashes)).not.toContain(confirmed.recoveryCodes[0]!);

    const status = mfaStatusSchema.parse((await api('GET', '/auth/mfa', a.auth)).json());
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.enabledAt).not.toBeNull();
    expect(await auditOf('auth.mfa_enabled', a.user.id)).toMatchObject([{ actor: { id: a.user.id } }]);
    // A second set-up while on is refused.
    expect((await post('/auth/mfa/totp/setup', {}, a.auth)).json()).toMatchObject({ code: 'MFA_ALREADY_ENABLED', message: MSG.mfaAlreadyEnabled });
  });

  it('refuses confirm before set-up, and set-up or confirm without a session or mfaToken', async () => {
    const a = await loginAs(t);
    expect((await post('/auth/mfa/totp/confirm', { code: '123456' }, a.auth)).json()).toMatchObject({ code: 'MFA_SETUP_FIRST', message: MSG.mfaSetupFirst });
    for (const [url, body] of [['/auth/mfa/totp/setup', {}], ['/auth/mfa/totp/confirm', { code: '123456' }]] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MFA_TOKEN_REQUIRED', errors: [{ path: 'mfaToken', message: MSG.mfaTokenInvalid }] });
      // A bearer token that is sent must be valid.
      expect((await post(url, body, bearer('garbage'))).statusCode).toBe(401);
    }
    expect((await api('GET', '/auth/mfa')).statusCode).toBe(401);
    // Bad input is a 400 with the field's message.
    const bad = await post('/auth/mfa/totp/confirm', { code: '12345' }, a.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.mfaCodeFormat);
  });
});

describe('sign-in with a second factor', () => {
  it('answers mfaRequired with no session, then verify with a code opens one marked as MFA', async () => {
    const u = await enrolled();
    const before = await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from sessions where user_id = ${u.user.id}`);
    const c = await challenge(u.user);
    expect(c).toEqual({ message: MSG.mfaRequiredToContinue, mfaRequired: true, mfaToken: expect.any(String), enrolRequired: false });
    expect(await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from sessions where user_id = ${u.user.id}`)).toEqual(before);
    // The mfaToken is not an access token.
    expect((await api('GET', '/auth/users/me', bearer(c.mfaToken))).statusCode).toBe(401);

    // The enrolment code's step was used: the next step's code signs in.
    const res = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: codeAt(u.secret, 30) });
    expect(res.statusCode, res.body).toBe(200);
    const signedIn = authResponseSchema.parse(res.json());
    expect(signedIn.message).toBe(MSG.loggedIn);
    expect(signedIn.user._id).toBe(u.user.id);
    expect((await api('GET', '/auth/users/me', bearer(signedIn.token))).statusCode).toBe(200);
    const session = await one<{ method: string; mfa: boolean }>(t.ctx, sql`select method, mfa from sessions where user_id = ${u.user.id} and mfa`);
    expect(session).toEqual({ method: 'password', mfa: true });
    // The mfaToken worked once.
    travel(30);
    const again = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: codeAt(u.secret, 30) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'MFA_TOKEN_INVALID', message: MSG.mfaTokenInvalid });
  });

  it('refuses a code used once already within its window (MSG.mfaCodeReused), audited as a failure', async () => {
    const u = await enrolled();
    const ip = freshIp();
    const first = await challenge(u.user, ip);
    const code = codeAt(u.secret, 30);
    expect((await post('/auth/mfa/verify', { mfaToken: first.mfaToken, code }, {}, ip)).statusCode).toBe(200);
    const second = await challenge(u.user, ip);
    const reused = await post('/auth/mfa/verify', { mfaToken: second.mfaToken, code }, {}, ip);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'MFA_CODE_REUSED', message: MSG.mfaCodeReused });
    // The confirm code (an older step) too.
    expect((await post('/auth/mfa/verify', { mfaToken: second.mfaToken, code: codeAt(u.secret) }, {}, ip)).json().code).toMatch(/^MFA_CODE_(REUSED|INVALID)$/);
    const failures = await auditOf('auth.mfa_failed', u.user.id);
    expect(failures.length).toBe(2);
    expect(failures.find((e) => e.details.reason === 'code reused')).toMatchObject({ ip, actor: { email: u.user.email } });
  });

  it('signs in with a recovery code once (the answer says how many are left), audited; that code is refused after', async () => {
    const u = await enrolled();
    const c = await challenge(u.user);
    const code = u.recoveryCodes[3]!;
    const res = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: code.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.mfaRecoveryCodeUsed(9));
    expect(await auditOf('auth.mfa_recovery_code_used', u.user.id)).toMatchObject([{ details: { left: 9 }, actor: { id: u.user.id } }]);
    const again = await challenge(u.user);
    const refused = await post('/auth/mfa/verify', { mfaToken: again.mfaToken, code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('MFA_CODE_INVALID');
    expect((await post('/auth/mfa/verify', { mfaToken: again.mfaToken, code: u.recoveryCodes[4]! })).statusCode).toBe(200);
    expect(mfaStatusSchema.parse((await api('GET', '/auth/mfa', u.auth)).json()).recoveryCodesLeft).toBe(8);
  });

  it('refuses an expired, forged or used mfaToken', async () => {
    const u = await enrolled();
    const c = await challenge(u.user);
    await t.ctx.db.execute(sql`update mfa_challenges set expires_at = now() - interval '1 second' where user_id = ${u.user.id}`);
    const expired = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: codeAt(u.secret, 30) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'MFA_TOKEN_INVALID', message: MSG.mfaTokenInvalid });
    // An access token of the same user is no mfaToken either.
    for (const mfaToken of ['forged', u.token, u.refreshToken]) {
      expect((await post('/auth/mfa/verify', { mfaToken, code: codeAt(u.secret, 30) })).statusCode).toBe(401);
    }
    // A still-live token of another sign-in works: the refusals above spent nothing.
    const live = await challenge(u.user);
    expect((await post('/auth/mfa/verify', { mfaToken: live.mfaToken, code: codeAt(u.secret, 30) })).statusCode).toBe(200);
    // Challenges expired over a day ago are pruned with the other stale authentication data.
    await t.ctx.db.execute(sql`update mfa_challenges set expires_at = now() - interval '2 days' where user_id = ${u.user.id} and used_at is null`);
    await pruneAuthData(t.ctx);
    expect(await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from mfa_challenges where user_id = ${u.user.id}`)).toEqual({ n: 1 });
  });

  it(`throttles wrong codes: ${ACCOUNT_LIMIT} failures for an account in 15 minutes, then 429 even for the right code, audited once`, async () => {
    const u = await enrolled();
    const c = await challenge(u.user);
    const wrong = wrongCode(u.secret);
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      // From several addresses: the account's own limit applies.
      const res = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: wrong }, {}, freshIp());
      expect(res.statusCode).toBe(400);
    }
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      const res = await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: codeAt(u.secret, 30) }, {}, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await auditOf('auth.mfa_failed', u.user.id)).toHaveLength(ACCOUNT_LIMIT);
    expect(await auditOf('auth.mfa_throttled', u.user.id)).toMatchObject([{ ip }]);
    // The password throttle is a separate count: the password still answers the challenge.
    expect((await signIn(u.user.email, u.user.password)).json().mfaRequired).toBe(true);
  });

  it('needs no code for a user without TOTP whose role does not require it', async () => {
    const user = await createUser(t.ctx, { roles: ['Admin'] });
    const res = await signIn(user.email, user.password);
    expect(authResponseSchema.parse(res.json()).user._id).toBe(user.id);
  });
});

describe('required for Admins (Settings)', () => {
  it('makes an Admin enrol at next sign-in with the mfaToken, then signs them in; a code each time after', async () => {
    const admin = await createUser(t.ctx, { roles: ['Admin'] });
    await setMfaRequired(true);
    try {
      const c = await challenge(admin);
      expect(c).toEqual({ message: MSG.mfaEnrolRequired, mfaRequired: true, mfaToken: expect.any(String), enrolRequired: true });
      // An enrolment token cannot be verified with a code (there is no key yet).
      expect((await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: '123456' })).statusCode).toBe(401);
      const setup = await post('/auth/mfa/totp/setup', { mfaToken: c.mfaToken });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = totpSetupResponseSchema.parse(setup.json());
      const confirm = await post('/auth/mfa/totp/confirm', { mfaToken: c.mfaToken, code: codeAt(secret) });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const body = totpConfirmResponseSchema.parse(confirm.json());
      expect(body.recoveryCodes).toHaveLength(10);
      expect(body.user?._id).toBe(admin.id);
      expect(body.refresh).toBe(body.refreshToken);
      const auth = bearer(body.token!);
      expect((await api('GET', '/auth/users/me', auth)).statusCode).toBe(200);
      expect(mfaStatusSchema.parse((await api('GET', '/auth/mfa', auth)).json())).toMatchObject({ enabled: true, required: true });
      expect(await auditOf('auth.mfa_enabled', admin.id)).toMatchObject([{ details: { duringSignIn: true } }]);
      // The enrolment token was used.
      expect((await post('/auth/mfa/totp/setup', { mfaToken: c.mfaToken })).statusCode).toBe(401);
      // Turning it off is refused while the role requires it.
      const off = await api('DELETE', '/auth/mfa/totp', auth, { code: codeAt(secret, 30) });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'MFA_REQUIRED', message: MSG.mfaDisableRequired });
      // Next sign-in asks for a code.
      const next = await challenge(admin);
      expect(next.enrolRequired).toBe(false);
      expect((await post('/auth/mfa/verify', { mfaToken: next.mfaToken, code: codeAt(secret, 30) })).statusCode).toBe(200);
    } finally {
      await setMfaRequired(false);
    }
  });

  it('lets a SuperAdmin reset a user (audited with who and for whom); the user enrols again at next sign-in', async () => {
    const u = await enrolled(['Admin']);
    const other = await loginAs(t, ['Admin']);
    expect((await api('DELETE', `/users/${u.user.id}/mfa`, other.auth)).statusCode).toBe(403);
    expect((await api('DELETE', `/users/${u.user.id}/mfa`)).statusCode).toBe(401);
    expect((await api('GET', '/auth/sessions', u.auth)).statusCode).toBe(200);
    const res = await api('DELETE', `/users/${u.user.id}/mfa`, superAdmin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.mfaReset });
    expect(await auditOf('auth.mfa_reset', u.user.id)).toMatchObject([{ actor: { id: superAdmin.user.id }, target: { type: 'user', id: u.user.id, label: u.user.email }, details: { sessionsEnded: 1 } }]);
    // Their session ended with it (a lost phone may hold a signed-in browser).
    expect((await api('GET', '/auth/sessions', u.auth)).statusCode).toBe(401);
    expect((await api('DELETE', `/users/${u.user.id}/mfa`, superAdmin.auth)).json()).toMatchObject({ code: 'MFA_NOT_ENABLED' });
    expect((await api('DELETE', `/users/00000000-0000-4000-8000-000000000000/mfa`, superAdmin.auth)).statusCode).toBe(404);
    await setMfaRequired(true);
    try {
      expect((await challenge(u.user)).enrolRequired).toBe(true);
    } finally {
      await setMfaRequired(false);
    }
    // Not required: no code at all now.
    expect(authResponseSchema.safeParse((await signIn(u.user.email, u.user.password)).json()).success).toBe(true);
  });
});

describe('turning off and new recovery codes', () => {
  it('needs a code to turn off (a wrong one refused), audited; sign-in needs no code after', async () => {
    const u = await enrolled();
    const wrong = await api('DELETE', '/auth/mfa/totp', u.auth, { code: wrongCode(u.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');
    expect((await api('GET', '/auth/mfa', u.auth)).json().enabled).toBe(true);
    const off = await api('DELETE', '/auth/mfa/totp', u.auth, { code: codeAt(u.secret, 30) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: MSG.mfaDisabled });
    expect(await auditOf('auth.mfa_disabled', u.user.id)).toMatchObject([{ actor: { id: u.user.id }, details: { with: 'code' } }]);
    expect((await api('GET', '/auth/mfa', u.auth)).json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(authResponseSchema.safeParse((await signIn(u.user.email, u.user.password)).json()).success).toBe(true);
    expect((await api('DELETE', '/auth/mfa/totp', u.auth, { code: codeAt(u.secret, 30) })).json()).toMatchObject({ code: 'MFA_NOT_ENABLED' });
  });

  it('turns off with a recovery code too', async () => {
    const u = await enrolled();
    const off = await api('DELETE', '/auth/mfa/totp', u.auth, { code: u.recoveryCodes[0]! });
    expect(off.statusCode, off.body).toBe(200);
    expect(await auditOf('auth.mfa_disabled', u.user.id)).toMatchObject([{ details: { with: 'recovery code' } }]);
  });

  it('renews the recovery codes for a current code (old ones stop working), audited', async () => {
    const u = await enrolled();
    const res = await post('/auth/mfa/recovery-codes', { code: codeAt(u.secret, 30) }, u.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes, message } = res.json() as { recoveryCodes: string[]; message: string };
    expect(message).toBe(MSG.mfaRecoveryCodesRenewed);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(u.recoveryCodes[0]);
    expect(await auditOf('auth.mfa_recovery_codes_renewed', u.user.id)).toHaveLength(1);
    const c = await challenge(u.user);
    expect((await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: u.recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await post('/auth/mfa/verify', { mfaToken: c.mfaToken, code: recoveryCodes[0]! })).statusCode).toBe(200);
    // A recovery code cannot renew recovery codes.
    expect((await post('/auth/mfa/recovery-codes', { code: recoveryCodes[1]! }, u.auth)).statusCode).toBe(400);
  });
});
