import { MSG } from '@crs/shared/messages';
import type { ChangePasswordInput, RegisterInput, ResetConfirmInput, UpdateMeInput, User } from '@crs/shared/schemas/auth';
import type { MfaChallengeResponse } from '@crs/shared/schemas/identity';
import { APPROVAL_ROLES } from '@crs/shared/roles';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { deriveToken, dummyHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import { providerRequiredFor } from '../identity/identity.policy.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import { presentSignIn } from './auth.presenter.ts';
import type { TokenPair } from './auth.presenter.ts';
import * as mfa from './auth.mfa.ts';
import * as repo from './auth.repository.ts';
import { assertNotThrottled, recordAttempt, RESET_MAILS_PER_HOUR, resetRequestsLastHour, WINDOW_MINUTES } from './auth.throttle.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';
import type { AccessClaims } from './tokens.ts';

// Session lifetimes (absolute, idle) and the access token's come from Settings (decision 0033):
// a new session takes the values in force when it starts; the idle timeout applies at each refresh.
/** A used refresh token presented again within this window gets its chain's live token (two tabs). */
export const REFRESH_GRACE_SECONDS = 10;
export const RESET_TTL_MINUTES = 30;
/** How long the link mailed to a person whose account an administrator made stays valid. */
export const WELCOME_TTL_HOURS = 72;
/** How far along a chain a replay within the grace window may look for its live token. */
const MAX_CHAIN_WALK = 8;

export type RequestMeta = { ip: string; userAgent?: string | undefined };
export type { TokenPair };

type CachedSession = { userId: string; revoked: boolean; expiresAt: number };
const sessionCache = (ctx: AppContext) => ctx.caches.of<CachedSession>('session');

/**
 * The refresh token that replaces `token`: derived, not random, so a replay within the grace
 * window can be answered with the same successor while only hashes are stored (decision 0003).
 */
const successorOf = (ctx: AppContext, token: string) => deriveToken(ctx.config.jwtSecret, 'refresh-successor', token);

async function accessToken(ctx: AppContext, user: users.UserRecord, sessionId: string, tx: Executor): Promise<string> {
  const { accessTokenMinutes } = await settings.current(ctx, tx);
  return signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: sessionId, roles: user.roles, ver: user.tokenVersion }, accessTokenMinutes * 60);
}

/** How a session began: 'password' or 'oidc:<provider>' (auth.mfa methodKey), and whether a second factor was used. */
type SessionOrigin = { method: string; mfa: boolean };
const PASSWORD_ONLY: SessionOrigin = { method: 'password', mfa: false };

async function createSession(ctx: AppContext, tx: Executor, user: users.UserRecord, meta: RequestMeta, origin: SessionOrigin): Promise<TokenPair> {
  const { sessionDays } = await settings.current(ctx, tx);
  const refreshToken = randomToken();
  const sessionId = await repo.insertSessionWithRefreshToken(tx, { userId: user.id, days: sessionDays, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null, ...origin }, sha256(refreshToken));
  return { token: await accessToken(ctx, user, sessionId, tx), refreshToken };
}

/**
 * Creates an account. Students are active at once when the registration policy admits their address
 * and refused (403, saying why) when it does not; Teacher/Staff wait for approval unless Settings has
 * it off — and always wait when the policy would have refused their address as a Student's, so a
 * closed or domain-only college never gets an unreviewed account. Signs in only an active account.
 * A duplicate email is a 409 and creates nothing.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta) {
  const role = input.roles;
  if (role === 'Guardian') return registerGuardian(ctx, input, meta);
  const { registrationApproval } = await settings.current(ctx);
  const refusal = await settings.studentRegistrationRefusal(ctx, input.email);
  if (refusal && role === 'Student') throw forbidden(refusal.message, refusal.code);
  const status = (registrationApproval || refusal) && APPROVAL_ROLES.includes(role) ? 'pending' : 'active';
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await users.insertUser(ctx, { name: input.name, email: input.email, phone: input.phone, roles: [role], status, passwordHash }, tx);
    if (status !== 'active') return { pending: true as const, user: users.presentUser(user) };
    return { pending: false as const, ...presentSignIn(await createSession(ctx, tx, user, meta, PASSWORD_ONLY), users.presentUser(user)) };
  });
}

/**
 * A guardian's sign-up (issue 30): active at once when the child's link code is live; the account,
 * the used code and the link commit together, so a bad, expired or used code (400 on
 * `guardianCode`) leaves no account. Wrong codes are throttled like passwords.
 */
async function registerGuardian(ctx: AppContext, input: RegisterInput, meta: RequestMeta) {
  return linkCodeAttempt(ctx, meta.ip, input.email, async () => {
    await guardians.assertCodeLive(ctx, input.guardianCode ?? '');
    const passwordHash = await hashPassword(input.password);
    return ctx.db.transaction(async (tx) => {
      const user = await users.insertUser(ctx, { name: input.name, email: input.email, phone: input.phone, roles: ['Guardian'], status: 'active', passwordHash }, tx);
      await guardians.redeemCode(ctx, { user, ip: meta.ip }, user, input.guardianCode ?? '', tx);
      return { pending: false as const, ...presentSignIn(await createSession(ctx, tx, user, meta, PASSWORD_ONLY), users.presentUser(user)) };
    });
  });
}

/**
 * Runs one attempt at a guardian link code (sign-up, or a guardian linking another child): 10
 * wrong codes for one account or 100 from one address in 15 minutes → 429 with Retry-After, as
 * sign-in passwords (counted apart, kind 'link-code').
 */
export async function linkCodeAttempt<T>(ctx: AppContext, ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
  await assertNotThrottled(ctx.db, 'link-code', ip, email);
  try {
    return await attempt();
  } catch (err) {
    if (err instanceof AppError && err.code === 'GUARDIAN_CODE_INVALID') await recordAttempt(ctx.db, 'link-code', ip, email);
    throw err;
  }
}

/**
 * Signs in. Unknown email and wrong password give the same 401 (and take the same time);
 * 10 failures for one account or 100 from one address in 15 minutes give 429.
 */
export async function login(ctx: AppContext, email: string, password: string, meta: RequestMeta) {
  // The audit log says why a sign-in failed (decision 0032); the answer never does more than it did.
  const anonymous = { anonymous: true as const, email, ip: meta.ip };
  try {
    await assertNotThrottled(ctx.db, 'login', meta.ip, email);
  } catch (err) {
    // One entry per address and email per throttling window, not one per refused request.
    if (err instanceof AppError && err.statusCode === 429) await audit.recordOncePer(ctx, WINDOW_MINUTES, anonymous, { action: 'auth.sign_in_throttled' });
    throw err;
  }
  const user = await users.findCredentials(ctx, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  const failed = (reason: string) =>
    audit.record(ctx, anonymous, { action: 'auth.sign_in_failed', target: user ? { type: 'user', id: user.id, label: user.email } : undefined, details: { reason } });
  if (!user || !ok) {
    await recordAttempt(ctx.db, 'login', meta.ip, email);
    await failed(user ? 'wrong password' : 'unknown email');
    throw unauthorized(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  if (user.status === 'pending') {
    await failed('pending');
    throw forbidden(MSG.awaitingApproval, 'ACCOUNT_PENDING');
  }
  if (user.status === 'disabled') {
    await failed('disabled');
    throw forbidden(MSG.accountDisabled, 'ACCOUNT_DISABLED');
  }
  // A SuperAdmin may require provider sign-in for some roles or domains (issue 28): said only after the password was right.
  const provider = await providerRequiredFor(ctx, user);
  if (provider) {
    await failed('identity provider required');
    throw forbidden(MSG.oidcProviderRequired(provider), 'OIDC_PROVIDER_REQUIRED');
  }
  const { passwordHash: _omit, ...account } = user;
  return completeSignIn(ctx, account, meta, { method: 'password', mfaSatisfied: false });
}

/** How a sign-in proved who the user is, before any second factor (issue 28). */
export type SignInProof = {
  /** 'password', or the id of the OpenID provider that signed the user in. */
  method: 'password' | { provider: string };
  /** The first factor already counts as the second too (a provider's `amr`, when Settings says so). */
  mfaSatisfied: boolean;
};

/**
 * The one way every sign-in ends (password, provider): opens the session and answers the login
 * answer — or, when a second factor is due (the user has TOTP on, or their role requires it and
 * they must enrol) and the proof does not already count as one, answers the MFA challenge
 * `{message, mfaRequired, mfaToken, enrolRequired}` and opens no session (decision 0047).
 */
export async function completeSignIn(
  ctx: AppContext,
  account: users.UserRecord,
  meta: RequestMeta,
  proof: SignInProof,
): Promise<ReturnType<typeof presentSignIn> | MfaChallengeResponse> {
  if (!proof.mfaSatisfied) {
    const challenge = await mfa.challengeFor(ctx, account, proof.method);
    if (challenge) return challenge;
  }
  const origin = { method: mfa.methodKey(proof.method), mfa: proof.mfaSatisfied };
  // One statement opens the session and its refresh token (createSession), so no transaction is needed.
  const tokens = await createSession(ctx, ctx.db, account, meta, origin);
  return presentSignIn(tokens, users.presentUser(account));
}

/**
 * POST /auth/mfa/verify: completes a sign-in that answered a challenge, with a TOTP code or a
 * recovery code (then the answer's message says how many are left). The challenge is used in the
 * transaction that opens the session, so one mfaToken opens one session.
 */
export async function verifyMfa(ctx: AppContext, input: { mfaToken: string; code: string }, meta: RequestMeta) {
  const challenge = await mfa.openChallenge(ctx, input.mfaToken, false);
  const used = await mfa.passChallenge(ctx, challenge, input.code, meta.ip);
  const tokens = await ctx.db.transaction(async (tx) => {
    await mfa.closeChallenge(tx, challenge);
    return createSession(ctx, tx, challenge.user, meta, { method: challenge.method, mfa: true });
  });
  const message = used.recoveryCodesLeft === undefined ? MSG.loggedIn : MSG.mfaRecoveryCodeUsed(used.recoveryCodesLeft);
  return { message, ...presentSignIn(tokens, users.presentUser(challenge.user)) };
}

/** POST /auth/mfa/totp/setup with the mfaToken of a sign-in that must enrol. */
export async function setupTotpSigningIn(ctx: AppContext, mfaToken: string) {
  const challenge = await mfa.openChallenge(ctx, mfaToken, true);
  return mfa.setup(ctx, challenge.user);
}

/**
 * POST /auth/mfa/totp/confirm: turns TOTP on with its first code and answers the recovery codes;
 * with the mfaToken of a sign-in that had to enrol, the same transaction uses the challenge and
 * opens the session, and the answer signs the user in too.
 */
export async function confirmTotp(ctx: AppContext, who: { principal: Principal } | { mfaToken: string }, code: string, meta: RequestMeta) {
  if ('principal' in who) {
    const { recoveryCodes } = await mfa.confirm(ctx, who, code, meta.ip, async () => undefined);
    return { message: MSG.mfaEnabled, recoveryCodes };
  }
  const challenge = await mfa.openChallenge(ctx, who.mfaToken, true);
  const { recoveryCodes, also: tokens } = await mfa.confirm(ctx, { challenge }, code, meta.ip, async (tx) => {
    await mfa.closeChallenge(tx, challenge);
    return createSession(ctx, tx, challenge.user, meta, { method: challenge.method, mfa: true });
  });
  return { message: MSG.mfaEnabled, recoveryCodes, ...presentSignIn(tokens, users.presentUser(challenge.user)) };
}

/** Revokes the session: its refresh tokens and its access tokens stop working at once. */
export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await repo.revokeSession(ctx.db, sessionId, 'logout');
  await sessionCache(ctx).invalidate(sessionId);
}

type RefreshOutcome = { ok: TokenPair } | { revokedSession: string } | { invalid: true };

/**
 * The live token of the chain that `token` belongs to: its successor, or the successor's own
 * successor when that was used too (a second tab rotated again meanwhile). Undefined when none is stored.
 */
async function liveSuccessor(ctx: AppContext, tx: Executor, token: string): Promise<string | undefined> {
  let next = successorOf(ctx, token);
  for (let i = 0; i < MAX_CHAIN_WALK; i++) {
    const stored = await repo.findRefreshToken(tx, sha256(next), REFRESH_GRACE_SECONDS);
    if (!stored) return undefined;
    if (!stored.used) return next;
    next = successorOf(ctx, next);
  }
  return undefined;
}

/**
 * Rotates a refresh token. A token is used once (one conditional UPDATE). Presenting a used token
 * again within the grace window answers with the same live token of its chain (two tabs; a
 * stolen token never gains a chain of its own); after the window it revokes the whole session,
 * newest token included (reuse detection).
 */
export async function refresh(ctx: AppContext, presented: string): Promise<TokenPair> {
  const tokenHash = sha256(presented);
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    let sessionId = await repo.claimRefreshToken(tx, tokenHash);
    let refreshToken: string | undefined;
    if (sessionId) {
      refreshToken = successorOf(ctx, presented);
      await repo.insertRefreshToken(tx, sha256(refreshToken), sessionId);
    } else {
      const used = await repo.findRefreshToken(tx, tokenHash, REFRESH_GRACE_SECONDS);
      if (!used) return { invalid: true };
      if (!used.inGrace) {
        await repo.revokeSession(tx, used.sessionId, 'refresh-token-reuse');
        return { revokedSession: used.sessionId };
      }
      sessionId = used.sessionId;
      refreshToken = await liveSuccessor(ctx, tx, presented);
      if (!refreshToken) return { invalid: true };
    }
    const userId = await repo.touchLiveSession(tx, sessionId, (await settings.current(ctx, tx)).sessionIdleDays);
    if (!userId) return { invalid: true };
    const user = await users.findUser(ctx, userId, tx);
    if (!user || user.status !== 'active') return { invalid: true };
    return { ok: { token: await accessToken(ctx, user, sessionId, tx), refreshToken } };
  });
  if ('ok' in outcome) return outcome.ok;
  if ('revokedSession' in outcome) await sessionCache(ctx).invalidate(outcome.revokedSession);
  throw unauthorized(MSG.sessionExpired, 'INVALID_REFRESH_TOKEN');
}

/**
 * Resolves a bearer token to its user and session, refusing a revoked or expired session, a
 * user who is no longer active, and a token older than the user's last role or password change.
 * Synchronous when the session and the user are both cached (the hot path: no promise, decision
 * 0018); otherwise a promise that loads what is missing. Throws or rejects with 401.
 */
export function authenticate(ctx: AppContext, token: string): Principal | Promise<Principal> {
  const claims = verifyAccessToken(ctx.config.jwtSecret, token);
  if (!claims) throw unauthorized();
  const session = sessionCache(ctx).get(claims.sid);
  const user = session && users.cachedUser(ctx, claims.sub);
  if (session && user) return admit(claims, session, user);
  return loadPrincipal(ctx, claims, session);
}

async function loadPrincipal(ctx: AppContext, claims: AccessClaims, cached: CachedSession | undefined): Promise<Principal> {
  let session = cached;
  if (!session) {
    const cache = sessionCache(ctx);
    const epoch = cache.epoch;
    // A live session's "last seen" moves here (at most once a minute: the cache's life). No row:
    // revoked, or pruned after its end; remembered as revoked, so its token costs no more queries.
    const row = await repo.seeSession(ctx.db, claims.sid);
    session = row ? { userId: row.userId, revoked: false, expiresAt: row.expiresAt.getTime() } : { userId: claims.sub, revoked: true, expiresAt: 0 };
    cache.set(claims.sid, session, epoch);
  }
  // Checked before the user is loaded, as before: a revoked session costs no user query.
  if (!sessionLive(claims, session)) throw unauthorized();
  return admit(claims, session, await users.getUser(ctx, claims.sub));
}

const sessionLive = (claims: AccessClaims, session: CachedSession) => !session.revoked && session.expiresAt > Date.now() && session.userId === claims.sub;

function admit(claims: AccessClaims, session: CachedSession, user: users.UserRecord | undefined): Principal {
  if (!sessionLive(claims, session)) throw unauthorized();
  if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw unauthorized();
  return { user, sessionId: claims.sid };
}

/** The signed-in user as every endpoint shows it. */
export const me = (p: Principal): User => users.presentUser(p.user);

/** Changes name, email or bio of the signed-in user (never roles, status or password). */
export const updateMe = (ctx: AppContext, userId: string, patch: UpdateMeInput): Promise<User> => users.updateProfile(ctx, userId, patch);

/** Reset requests answered but still at work (looking the account up, mailing), per context. */
const resetsAtWork = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Starts a password reset, and resolves as soon as the request is throttled and counted: the same
 * queries for every address, so the answer takes as long whether or not the email exists (issue
 * 25: 7.0 against 4.1 ms before). The rest — the account, older tokens voided, the new token, the
 * mail (at most 3 per address an hour) — runs after the caller has answered, in a later turn of
 * the event loop; its errors go to `onError` (the route logs them), never to the caller.
 */
export async function requestReset(ctx: AppContext, email: string, ip: string, onError: (err: unknown) => void): Promise<void> {
  await assertNotThrottled(ctx.db, 'reset', ip);
  await recordAttempt(ctx.db, 'reset', ip, email);
  const pending = resetsAtWork.get(ctx) ?? new Set();
  resetsAtWork.set(ctx, pending);
  const work: Promise<void> = new Promise((resolve) => setImmediate(resolve))
    .then(() => mailResetLink(ctx, email, ip))
    .catch(onError)
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Resolves once every reset request answered so far has done its work (shutdown, tests). */
export async function resetRequestsDone(ctx: AppContext): Promise<void> {
  for (let pending = resetsAtWork.get(ctx); pending?.size; ) await Promise.all(pending);
}

/** A reset request's work after the answer: an active account gets a new token by mail, others nothing. */
async function mailResetLink(ctx: AppContext, email: string, ip: string): Promise<void> {
  const user = await users.findCredentials(ctx, email);
  if (!user) return;
  // Recorded only for an existing account (the log may say so; the answer never does).
  const requested = (details: Record<string, unknown>, tx?: Executor) =>
    audit.record(ctx, { anonymous: true, email, ip }, { action: 'auth.password_reset_requested', target: { type: 'user', id: user.id, label: user.email }, details }, tx);
  if (user.status === 'disabled') return requested({ mailed: false, reason: 'disabled' });
  if ((await resetRequestsLastHour(ctx.db, email)) > RESET_MAILS_PER_HOUR) return requested({ mailed: false, reason: 'hourly mail limit' });
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await repo.voidResets(tx, user.id);
    await repo.insertReset(tx, sha256(token), user.id, RESET_TTL_MINUTES);
    await requested({ mailed: true }, tx);
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: MSG.resetMailSubject,
    text: MSG.resetMailText(user.name, RESET_TTL_MINUTES, link),
  });
}

/**
 * Sets a new password with a reset token. The token is consumed by one conditional UPDATE, so
 * it works once even under parallel submissions; every session of the user is revoked.
 */
export async function confirmReset(ctx: AppContext, input: ResetConfirmInput, ip: string): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await repo.consumeReset(tx, sha256(input.token));
    if (!id) throw badRequest(MSG.resetInvalid, 'RESET_INVALID');
    await users.setPassword(ctx, id, passwordHash, tx);
    const ended = await repo.revokeUserSessions(tx, id, 'password-reset');
    const account = await users.findUser(ctx, id, tx);
    // The person acts through the link: the entry names their account and the link's address.
    if (account) await audit.record(ctx, { user: account, ip }, { action: 'auth.password_reset', target: { type: 'user', id, label: account.email }, details: { sessionsEnded: ended.length } }, tx);
    return id;
  });
  await users.userChanged(ctx, userId);
}

/**
 * Changes the signed-in user's password. The current password is checked as at sign-in, and a
 * wrong one counts towards the same throttle (10 for an account in 15 minutes, then 429), so a
 * session left open on a lab computer cannot be used to guess it. Every other session of the user
 * is revoked; this one stays, and gets a new access token, since the account's token version
 * moved on (its refresh token keeps working).
 */
export async function changePassword(ctx: AppContext, p: Principal, input: ChangePasswordInput, meta: RequestMeta): Promise<string> {
  const email = p.user.email;
  await assertNotThrottled(ctx.db, 'login', meta.ip, email);
  const stored = await users.findCredentials(ctx, email);
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword))) {
    await recordAttempt(ctx.db, 'login', meta.ip, email);
    throw badRequest(MSG.wrongCurrentPassword, 'WRONG_PASSWORD', [{ path: 'currentPassword', message: MSG.wrongCurrentPassword }]);
  }
  if (input.password === input.currentPassword) throw badRequest(MSG.samePassword, 'SAME_PASSWORD', [{ path: 'password', message: MSG.samePassword }]);
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await users.setPassword(ctx, p.user.id, passwordHash, tx);
    const ended = await repo.revokeUserSessions(tx, p.user.id, 'password-change', p.sessionId);
    await audit.record(ctx, p, { action: 'auth.password_changed', target: { type: 'user', id: p.user.id, label: email }, details: { sessionsEnded: ended.length } }, tx);
    return ended;
  });
  await users.userChanged(ctx, p.user.id);
  await forgetSessions(ctx, ended);
  const account = await users.getUser(ctx, p.user.id);
  if (!account) throw unauthorized();
  return accessToken(ctx, account, p.sessionId, ctx.db);
}

/**
 * Ends every session of the user inside `tx` (an administrator disabled the account): their
 * refresh tokens stop working. Returns the sessions ended; pass them to `forgetSessions` after
 * commit so every process refuses their access tokens at once.
 */
export const endUserSessions = (ctx: AppContext, userId: string, tx: Executor): Promise<string[]> => repo.revokeUserSessions(tx, userId, 'account-disabled');

/** Every process forgets its cached copy of these sessions (call after the revoke has committed). */
export async function forgetSessions(ctx: AppContext, sessionIds: readonly string[]): Promise<void> {
  for (const id of sessionIds) await sessionCache(ctx).invalidate(id);
}

/**
 * Mails the person a link to set their password, on the reset-token mechanism (SHA-256 stored,
 * single use; older links voided): 'welcome' for an account an administrator made (valid
 * WELCOME_TTL_HOURS), 'reset' when an administrator sends a reset link (RESET_TTL_MINUTES).
 */
export async function mailPasswordLink(ctx: AppContext, user: { id: string; email: string; name: string }, kind: 'welcome' | 'reset'): Promise<void> {
  const token = randomToken();
  const minutes = kind === 'welcome' ? WELCOME_TTL_HOURS * 60 : RESET_TTL_MINUTES;
  await ctx.db.transaction(async (tx) => {
    await repo.voidResets(tx, user.id);
    await repo.insertReset(tx, sha256(token), user.id, minutes);
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send(
    kind === 'welcome'
      ? { to: user.email, subject: MSG.welcomeMailSubject, text: MSG.welcomeMailText(user.name, WELCOME_TTL_HOURS, link) }
      : { to: user.email, subject: MSG.resetMailSubject, text: MSG.resetMailText(user.name, RESET_TTL_MINUTES, link) },
  );
}

/** Sessions that are live now (not revoked, expired or idle). */
export const liveSessionCount = async (ctx: AppContext): Promise<number> => repo.countLiveSessions(ctx.db, (await settings.current(ctx)).sessionIdleDays);

/**
 * Deletes authentication data nobody can use any more (sessions ended over a day ago with their
 * refresh tokens, expired reset tokens, old throttling rows). Used refresh tokens of live
 * sessions are kept: reuse detection needs them.
 */
export const pruneAuthData = async (ctx: AppContext): Promise<void> => repo.deleteStaleAuthData(ctx.db, (await settings.current(ctx)).sessionIdleDays);
