// OpenID Connect sign-in against a real OpenID Provider (issue 28 item 6): node-oidc-provider runs
// in this process on a loopback port with its own keys; nothing of the protocol is mocked.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { apiOn, createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { TestOp } from '../../../test/oidc-op.ts';
import { bearer, one, rows } from '../../../test/util.ts';
import { sha256 } from '../../lib/crypto.ts';
import { pruneExpired } from './identity.service.ts';

const PUBLIC_URL = 'http://crs.test';
const IDS = ['default', 'college', 'mapped', 'strict', 'rotate', 'forged', 'linker', 'required', 'amr'];
const CLIENT = { clientId: 'crs-client', clientSecret: 'crs-client-secret-0123456789' };

let t: TestApp;
let op: TestOp;
let admin: Record<string, string>;
const api = apiOn(() => t.app);

beforeAll(async () => {
  op = await TestOp.start([{ ...CLIENT, redirectUris: IDS.map((id) => `${PUBLIC_URL}/api/v1/auth/oidc/${id}/callback`) }]);
  t = await createTestApp();
  admin = (await loginAs(t, ['SuperAdmin'])).auth;
});
afterAll(async () => {
  await t.close();
  await op.close();
});

let accountSeq = 0;
/** An account at the provider (its id is also its subject). */
function opAccount(a: { email?: string; email_verified?: boolean; name?: string; groups?: string[] } = {}) {
  const id = `sub-${++accountSeq}-${Math.random().toString(36).slice(2, 8)}`;
  op.accounts.set(id, { sub: id, email: a.email ?? `${id}@college.edu`, email_verified: a.email_verified ?? true, name: a.name ?? 'Asha Rao', ...(a.groups ? { groups: a.groups } : {}) });
  return id;
}

const addProvider = (id: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/settings/oidc-providers', admin, { id, label: `College ${id}`, issuer: op.issuer, ...CLIENT, ...extra });

/** The fragment of `/login/callback#…` as an object. */
function fragment(location: string): Partial<Record<'code' | 'returnTo' | 'error' | 'message', string>> {
  expect(location.startsWith('/login/callback#')).toBe(true);
  return Object.fromEntries(new URLSearchParams(location.slice(location.indexOf('#') + 1)));
}

/** start → provider login → callback: the fragment CRS sent the browser to. */
async function signIn(providerId: string, account: string, opts: { returnTo?: string; amr?: string[] } = {}) {
  const started = await api('GET', `/auth/oidc/${providerId}/start${opts.returnTo ? `?returnTo=${encodeURIComponent(opts.returnTo)}` : ''}`);
  expect(started.statusCode).toBe(302);
  const back = await op.authorize(started.headers.location as string, account, opts);
  expect(back.origin).toBe(PUBLIC_URL);
  const res = await t.app.inject({ url: back.pathname + back.search });
  expect(res.statusCode).toBe(302);
  return { ...fragment(res.headers.location as string), callback: back };
}

const exchange = (code: string) => api('POST', '/auth/oidc/exchange', {}, { code });

async function signedIn(providerId: string, account: string) {
  const f = await signIn(providerId, account);
  expect(f.error, f.message).toBeUndefined();
  const res = await exchange(f.code!);
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; refreshToken: string; user: { _id: string; email: string; roles: Role[] } };
}

describe('providers in Settings', () => {
  it('adds a provider after discovering its issuer; never shows or audits the secret', async () => {
    const res = await addProvider('college', { allowedDomains: ['college.edu'] });
    expect(res.statusCode).toBe(201);
    const provider = res.json().provider;
    expect(provider).toMatchObject({ id: 'college', clientSecretSet: true, source: 'settings', redirectUri: `${PUBLIC_URL}/api/v1/auth/oidc/college/callback` });
    expect(JSON.stringify(res.json())).not.toContain(CLIENT.clientSecret);
    const stored = await one<{ client_secret_sealed: string }>(t.ctx, sql`select client_secret_sealed from oidc_providers where id = 'college'`);
    expect(stored.client_secret_sealed).not.toContain(CLIENT.clientSecret);
    const audited = await rows<{ details: unknown }>(t.ctx, sql`select details from audit_log where action = 'oidc_provider.created' and target_id = 'college'`);
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited)).not.toContain(CLIENT.clientSecret);
    expect((await api('GET', '/auth/oidc/providers')).json().providers).toContainEqual({ id: 'college', label: 'College college' });
  });

  it('refuses an http issuer off this machine, an unreachable issuer and a taken id', async () => {
    const http = await addProvider('plain', { issuer: 'http://idp.example.edu' });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe(MSG.oidcIssuerHttps);
    const down = await addProvider('down', { issuer: 'http://127.0.0.1:9/' });
    expect(down.statusCode).toBe(400);
    expect(down.json().message).toBe(MSG.oidcIssuerUnreachable);
    expect((await addProvider('college')).statusCode).toBe(409);
    expect((await addProvider('default')).statusCode).toBe(409);
    expect((await rows(t.ctx, sql`select id from oidc_providers where id in ('plain', 'down')`)).length).toBe(0);
  });

  it('is SuperAdmin only', async () => {
    const a = await loginAs(t, ['Admin']);
    expect((await api('GET', '/settings/oidc-providers', a.auth)).statusCode).toBe(403);
    expect((await api('GET', '/settings/oidc-providers')).statusCode).toBe(401);
  });

  it('changes and removes a provider, audited', async () => {
    expect((await addProvider('temp')).statusCode).toBe(201);
    const patched = await api('PATCH', '/settings/oidc-providers/temp', admin, { label: 'Temporary', enabled: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().provider).toMatchObject({ label: 'Temporary', enabled: false, clientSecretSet: true });
    expect((await api('GET', '/auth/oidc/providers')).json().providers.map((p: { id: string }) => p.id)).not.toContain('temp');
    expect((await api('GET', '/auth/oidc/temp/start')).statusCode).toBe(404);
    expect((await api('DELETE', '/settings/oidc-providers/temp', admin)).statusCode).toBe(200);
    expect((await api('DELETE', '/settings/oidc-providers/temp', admin)).statusCode).toBe(404);
    const actions = await rows<{ action: string }>(t.ctx, sql`select action from audit_log where target_id = 'temp' order by at`);
    expect(actions.map((a) => a.action)).toEqual(['oidc_provider.created', 'oidc_provider.updated', 'oidc_provider.deleted']);
  });
});

describe('sign-in', () => {
  it('creates a Student just in time, returns to the path asked for, and signs in with the one-time code', async () => {
    const account = opAccount({ name: 'Meera Iyer' });
    const f = await signIn('college', account, { returnTo: '/dashboard/library?tab=loans' });
    expect(f.returnTo).toBe('/dashboard/library?tab=loans');
    expect(f.code).toBeTruthy();
    const res = await exchange(f.code!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: `${account}@college.edu`, name: 'Meera Iyer', roles: ['Student'] });
    expect((await api('GET', '/auth/users/me', bearer(body.token))).statusCode).toBe(200);
    // The sessions page names the provider by its label.
    expect((await api('GET', '/auth/sessions', bearer(body.token))).json().sessions).toMatchObject([{ current: true, method: MSG.sessionMethodProvider('College college') }]);
    const ids = await api('GET', '/auth/identities', bearer(body.token));
    expect(ids.json()).toMatchObject({ hasPassword: false, identities: [{ providerId: 'college', providerLabel: 'College college', email: `${account}@college.edu` }] });
    // A just-in-time account has no password: unlinking its only way in is refused.
    const unlink = await api('DELETE', `/auth/identities/${ids.json().identities[0].id}`, bearer(body.token));
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().message).toBe(MSG.identityUnlinkNeedsPassword);
    const created = await rows(t.ctx, sql`select 1 from audit_log where action = 'user.created' and target_label = ${`${account}@college.edu`}`);
    expect(created).toHaveLength(1);
  });

  it('defaults returnTo to /dashboard and refuses open redirects (400)', async () => {
    const f = await signIn('college', opAccount());
    expect(f.returnTo).toBe('/dashboard');
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'dashboard', '/ok\tbad']) {
      const res = await api('GET', `/auth/oidc/college/start?returnTo=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('uses the exchange code once, within its minute', async () => {
    const f = await signIn('college', opAccount());
    expect((await exchange(f.code!)).statusCode).toBe(200);
    const again = await exchange(f.code!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'OIDC_CODE_INVALID', message: MSG.oidcCodeInvalid });
    const late = await signIn('college', opAccount());
    await t.ctx.db.execute(sql`update oidc_exchange_codes set expires_at = now() - interval '1 second' where code_hash = ${sha256(late.code!)}`);
    expect((await exchange(late.code!)).json().code).toBe('OIDC_CODE_INVALID');
  });

  it('forgets expired pending sign-ins and one-time codes in its hourly job, and only those', async () => {
    const fresh = await signIn('college', opAccount());
    const stale = await signIn('college', opAccount());
    await api('GET', '/auth/oidc/college/start'); // a sign-in abandoned at the provider
    await t.ctx.db.execute(sql`update oidc_exchange_codes set expires_at = now() - interval '1 second' where code_hash = ${sha256(stale.code!)}`);
    await t.ctx.db.execute(sql`update oidc_pending_logins set expires_at = now() - interval '1 second'`);
    await pruneExpired(t.ctx);
    expect(await rows(t.ctx, sql`select 1 from oidc_pending_logins`)).toHaveLength(0);
    expect(await rows(t.ctx, sql`select 1 from oidc_exchange_codes where code_hash = ${sha256(stale.code!)}`)).toHaveLength(0);
    expect((await exchange(fresh.code!)).statusCode).toBe(200);
  });

  it('refuses an email outside the allowed domains', async () => {
    const f = await signIn('college', opAccount({ email: uniqueEmail('outsider').replace(/@.*/, '@gmail.com') }));
    expect(f).toMatchObject({ error: 'OIDC_DOMAIN_REFUSED', message: MSG.oidcDomainRefused('gmail.com') });
  });

  it('refuses an email the provider has not verified', async () => {
    const f = await signIn('college', opAccount({ email_verified: false }));
    expect(f).toMatchObject({ error: 'OIDC_EMAIL_UNVERIFIED', message: MSG.oidcEmailUnverified });
  });

  it('refuses an unknown state, and a state used once already', async () => {
    const account = opAccount();
    const started = await api('GET', '/auth/oidc/college/start');
    const back = await op.authorize(started.headers.location as string, account);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    expect(fragment((await t.app.inject({ url: forged.pathname + forged.search })).headers.location as string).error).toBe('OIDC_STATE_INVALID');
    expect(fragment((await t.app.inject({ url: back.pathname + back.search })).headers.location as string).code).toBeTruthy();
    expect(fragment((await t.app.inject({ url: back.pathname + back.search })).headers.location as string).error).toBe('OIDC_STATE_INVALID');
  });

  it('refuses an ID token with another nonce, issuer or audience, and an answer from another issuer', async () => {
    const cases: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>]> = [
      ['nonce', (c) => ({ ...c, nonce: 'replayed-nonce' })],
      ['issuer', (c) => ({ ...c, iss: 'http://127.0.0.1:1' })],
      ['audience', (c) => ({ ...c, aud: 'another-client' })],
    ];
    try {
      for (const [what, change] of cases) {
        op.tamper = (claims) => ({ claims: change(claims) });
        const f = await signIn('college', opAccount());
        expect(f.error, what).toBe('OIDC_TOKEN_INVALID');
        expect(f.message).toBe(MSG.oidcSignInFailed);
      }
    } finally {
      op.tamper = undefined;
    }
    // RFC 9207: the `iss` of the authorization response must be the provider's.
    const started = await api('GET', '/auth/oidc/college/start');
    const back = await op.authorize(started.headers.location as string, opAccount());
    back.searchParams.set('iss', 'https://idp.elsewhere.example');
    expect(fragment((await t.app.inject({ url: back.pathname + back.search })).headers.location as string).error).toBe('OIDC_TOKEN_INVALID');
  });

  it('refuses a token signed by a key the provider never published', async () => {
    expect((await addProvider('forged')).statusCode).toBe(201);
    const foreign = await TestOp.foreignKey();
    op.tamper = (claims) => ({ claims, key: foreign });
    try {
      expect((await signIn('forged', opAccount())).error).toBe('OIDC_TOKEN_INVALID');
    } finally {
      op.tamper = undefined;
    }
    expect((await signIn('forged', opAccount())).code).toBeTruthy();
  });

  it('follows a rotation of the signing key', async () => {
    expect((await addProvider('rotate')).statusCode).toBe(201);
    await signedIn('rotate', opAccount());
    await op.rotateKeys();
    // The signature is checked: within a minute of its last JWKS download the client refuses the new key…
    expect((await signIn('rotate', opAccount())).error).toBe('OIDC_TOKEN_INVALID');
    // …and openid-client fetches the JWKS again for an unknown key once its copy is a minute old.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await signedIn('rotate', opAccount());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('second factor at the provider', () => {
  it("counts the provider's amr as the second factor only when the provider is set so", async () => {
    const satisfied = async (amr: string[]) => {
      const f = await signIn('amr', opAccount(), { amr });
      return (await one<{ mfa_satisfied: boolean }>(t.ctx, sql`select mfa_satisfied from oidc_exchange_codes where code_hash = ${sha256(f.code!)}`)).mfa_satisfied;
    };
    expect((await addProvider('amr')).statusCode).toBe(201);
    expect(await satisfied(['pwd', 'otp'])).toBe(false);
    expect((await api('PATCH', '/settings/oidc-providers/amr', admin, { amrCountsAsMfa: true })).statusCode).toBe(200);
    expect(await satisfied(['pwd', 'otp'])).toBe(true);
    expect(await satisfied(['pwd'])).toBe(false);
  });
});

describe('accounts from the provider', () => {
  it('links an existing account once; the subject stays bound after an email change at the provider', async () => {
    expect((await addProvider('linker')).statusCode).toBe(201);
    const email = `linked.${Date.now()}@college.edu`;
    const existing = await createUser(t.ctx, { email, roles: ['Teacher'] });
    const account = opAccount({ email });
    const first = await signedIn('linker', account);
    expect(first.user._id).toBe(existing.id);
    expect(await rows(t.ctx, sql`select 1 from audit_log where action = 'identity.linked' and target_id = ${existing.id}`)).toHaveLength(1);
    op.accounts.get(account)!.email = `renamed.${Date.now()}@college.edu`;
    const second = await signedIn('linker', account);
    expect(second.user._id).toBe(existing.id);
    expect(second.user.email).toBe(email);
    // Another subject with the same email cannot take the account over.
    const usurper = await signIn('linker', opAccount({ email }));
    expect(usurper.error).toBe('OIDC_ACCOUNT_LINKED');
    // With a password, the user may unlink.
    const list = await api('GET', '/auth/identities', bearer(second.token));
    expect(list.json().hasPassword).toBe(true);
    expect((await api('DELETE', `/auth/identities/${list.json().identities[0].id}`, bearer(second.token))).statusCode).toBe(200);
    expect((await api('GET', '/auth/identities', bearer(second.token))).json().identities).toEqual([]);
    expect(await rows(t.ctx, sql`select 1 from audit_log where action = 'identity.unlinked' and target_id = ${existing.id}`)).toHaveLength(1);
  });

  it('maps a group claim to a role; Teacher accounts wait for approval when the provider says so', async () => {
    const mapping = { roleClaim: 'groups', roleMapping: [{ value: 'faculty', role: 'Teacher' }, { value: 'office', role: 'Staff' }], approvalForStaff: false };
    expect((await addProvider('mapped', mapping)).statusCode).toBe(201);
    const teacher = await signedIn('mapped', opAccount({ groups: ['all', 'faculty'] }));
    expect(teacher.user.roles).toEqual(['Teacher']);
    const student = await signedIn('mapped', opAccount({ groups: ['all'] }));
    expect(student.user.roles).toEqual(['Student']);
    expect((await addProvider('strict', { ...mapping, approvalForStaff: true })).statusCode).toBe(201);
    const pendingAccount = opAccount({ groups: ['office'] });
    const pending = await signIn('strict', pendingAccount);
    expect(pending).toMatchObject({ error: 'ACCOUNT_PENDING', message: MSG.awaitingApproval });
    const row = await one<{ status: string; roles: string[] }>(t.ctx, sql`select status, roles from users where email = ${`${pendingAccount}@college.edu`}`);
    expect(row).toEqual({ status: 'pending', roles: ['Staff'] });
  });

  it('refuses password sign-in for roles that must use a provider, naming it', async () => {
    const teacher = await createUser(t.ctx, { roles: ['Teacher'] });
    const student = await createUser(t.ctx, { roles: ['Student'] });
    expect((await addProvider('required', { label: 'College SSO', requiredForRoles: ['Teacher'] })).statusCode).toBe(201);
    try {
      const res = await api('POST', '/auth/login', {}, { email: teacher.email, password: teacher.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'OIDC_PROVIDER_REQUIRED', message: MSG.oidcProviderRequired('College SSO') });
      await login(t.app, student.email, student.password);
    } finally {
      expect((await api('DELETE', '/settings/oidc-providers/required', admin)).statusCode).toBe(200);
    }
    await login(t.app, teacher.email, teacher.password);
  });
});

describe('the environment provider', () => {
  it('comes from OIDC_* variables as `default`, read-only in Settings', async () => {
    const env = await createTestApp({ OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret, OIDC_LABEL: 'Campus', OIDC_DEFAULT_ROLE: 'Student' });
    try {
      const sa = (await loginAs(env, ['SuperAdmin'])).auth;
      const list = await env.app.inject({ url: '/api/v1/settings/oidc-providers', headers: sa });
      expect(list.json().providers).toEqual([expect.objectContaining({ id: 'default', label: 'Campus', source: 'environment', clientSecretSet: true })]);
      const patch = await env.app.inject({ method: 'PATCH', url: '/api/v1/settings/oidc-providers/default', headers: sa, payload: { label: 'x' } });
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe(MSG.oidcProviderFromEnvironment);
    } finally {
      await env.close();
    }
  });
});
