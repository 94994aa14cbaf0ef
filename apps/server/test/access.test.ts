// Deny by default (quality.md "Access control", ASVS 8.2.1): walks every registered /api route,
// so routes added later (library, alumni, ...) are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { ROLES } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { createTestApp, createUser } from './helper.ts';
import type { TestApp } from './helper.ts';
import { bearer, concreteUrl, mintToken } from './util.ts';

/**
 * The routes anyone may call without signing in. A new public route must be added here on
 * purpose (a security review in one line); anything else must answer 401 without a token.
 */
const PUBLIC_ALLOWLIST = new Set([
  'GET /api/v1/health',
  'GET /api/v1/health/live',
  'GET /api/v1/health/ready',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/reset/request',
  'POST /api/v1/auth/reset/confirm',
  // Issue 13: whether an ID card's QR token is valid (name, student ID, validity, photo only).
  'GET /api/v1/idcards/verify/:token',
  // Issue 14: the institution's name, short name, logo and academic year (the sign-in page shows them).
  'GET /api/v1/settings/public',
  'GET /api/v1/opac/books',
  // Issue 27: a private iCal feed; the unguessable secret in its name (≥ 128 bits, stored hashed) is the credential.
  'GET /api/v1/calendar/feeds/:file',
  // Issue 27: whether a grade card's or transcript's QR token is valid (name, student ID, issue date, CGPA only).
  'GET /api/v1/transcripts/verify/:token',
  // Issue 28: completes a sign-in with its second factor; the mfaToken (5 minutes, once, stored hashed) is the credential.
  'POST /api/v1/auth/mfa/verify',
  // Issue 28: ids and labels of enabled sign-in providers (the login page's buttons); no secret, no issuer.
  'GET /api/v1/auth/oidc/providers',
  // Issue 28: starts a provider sign-in; returnTo must be a path of ours (400 otherwise), state/nonce/PKCE kept server-side.
  'GET /api/v1/auth/oidc/:provider/start',
  // Issue 28: the provider's answer; state is single-use and the ID token fully checked; answers only a one-time code in a fragment.
  'GET /api/v1/auth/oidc/:provider/callback',
  // Issue 28: the one-time code (256 bits, stored hashed, 60 s, single use) is the credential; ends in completeSignIn.
  'POST /api/v1/auth/oidc/exchange',
]);

/**
 * Routes open to anyone that check a bearer token when one is sent ('optional'): each decides per
 * resource (a file: its avatar is public, its notes are not). Also added here on purpose.
 */
const OPTIONAL_ALLOWLIST = new Set([
  'GET /api/v1/files/:id',
  'GET /api/v1/idcards/:id/card',
  // Issue 28: TOTP set-up signed in, or with the mfaToken of a sign-in that must enrol (400 with neither).
  'POST /api/v1/auth/mfa/totp/setup',
  'POST /api/v1/auth/mfa/totp/confirm',
]);

/** Routes that must exist: the walk cannot pass by walking nothing. */
const KNOWN_PROTECTED = [
  'POST /api/v1/auth/logout',
  'GET /api/v1/auth/users/me',
  'PATCH /api/v1/auth/users/me',
  'GET /api/v1/users',
  'POST /api/v1/users/:id/approve',
  'POST /api/v1/users/:id/reject',
  'GET /api/v1/stats/overview',
  'GET /api/v1/stats/system',
];

let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens.set(role, await mintToken(t.ctx, await createUser(t.ctx, { roles: [role] })));
});
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/\/$/, '')}`;
const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'GET', url: concreteUrl(url), headers });

/**
 * A listed role gets past the access check: whatever the handler says then (404 for a random id,
 * 400 for a missing body), never 401 and never a 5xx. A handler may still refuse with 403 on
 * ownership (a student asking for another's loan), so 403 is ruled out only for the known routes.
 */
function expectPast(r: { method: string; url: string }, role: Role, status: number) {
  const what = `${key(r)} as ${role}`;
  expect(status, what).not.toBe(401);
  expect(status, what).toBeLessThan(500);
  if (KNOWN_PROTECTED.includes(key(r))) expect(status, what).not.toBe(403);
}

describe('deny by default', () => {
  it('registers every known route with an access rule, and public ones only from the allowlist', () => {
    const keys = t.app.apiRoutes.map(key);
    for (const k of [...KNOWN_PROTECTED, ...PUBLIC_ALLOWLIST]) expect(keys).toContain(k);
    const publicRoutes = t.app.apiRoutes.filter((r) => r.access === 'public').map(key);
    for (const k of publicRoutes) expect(PUBLIC_ALLOWLIST, `${k} is public but not on the allowlist`).toContain(k);
    for (const k of KNOWN_PROTECTED) expect(publicRoutes).not.toContain(k);
    const optionalRoutes = t.app.apiRoutes.filter((r) => r.access === 'optional').map(key);
    expect(optionalRoutes.sort()).toEqual([...OPTIONAL_ALLOWLIST].sort());
  });

  it('answers 401 without a token, and with a garbage token, on every non-public route', async () => {
    const walked: string[] = [];
    for (const r of t.app.apiRoutes) {
      if (r.access === 'public') continue;
      // An 'optional' route may be called without a token, but never with a bad one.
      const sent = r.access === 'optional' ? [bearer('garbage'), { authorization: 'Basic dXNlcjpwYXNz' }] : [{}, bearer('garbage'), { authorization: 'Basic dXNlcjpwYXNz' }];
      for (const headers of sent) {
        const res = await send(r.method, r.url, headers);
        expect(res.statusCode, `${key(r)} with ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ message: MSG.unauthenticated, code: 'UNAUTHENTICATED' });
      }
      walked.push(key(r));
    }
    expect(walked.length).toBeGreaterThanOrEqual(KNOWN_PROTECTED.length);
  });

  it('answers 403 to every role outside a route’s list, and lets each listed role past the access check', async () => {
    let refusals = 0;
    for (const r of t.app.apiRoutes) {
      if (typeof r.access === 'string' || r.access.roles.length === 0) continue;
      const allowed = r.access.roles;
      for (const role of ROLES) {
        const res = await send(r.method, r.url, bearer(tokens.get(role)!));
        if (allowed.includes(role)) expectPast(r, role, res.statusCode);
        else {
          expect(res.statusCode, `${key(r)} as ${role}`).toBe(403);
          expect(res.json()).toEqual({ message: MSG.forbidden, code: 'FORBIDDEN' });
          refusals++;
        }
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it('lets every signed-in role reach routes open to any user', async () => {
    for (const r of t.app.apiRoutes) {
      if (typeof r.access === 'string' || r.access.roles.length > 0) continue;
      if (r.url.endsWith('/logout')) continue; // would end the session the next routes use
      for (const role of ROLES) {
        expectPast(r, role, (await send(r.method, r.url, bearer(tokens.get(role)!))).statusCode);
      }
    }
  });

  it('answers public routes without a token (never 401/403)', async () => {
    for (const r of t.app.apiRoutes) {
      if (typeof r.access !== 'string') continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concreteUrl(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect([401, 403], key(r)).not.toContain(res.statusCode);
    }
  });
});
