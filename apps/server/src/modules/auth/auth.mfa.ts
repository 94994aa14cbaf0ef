import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { MSG } from '@crs/shared/messages';
import { hasAnyRole } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { RECOVERY_CODE, TOTP_CODE } from '@crs/shared/schemas/identity';
import type { MfaChallengeResponse, MfaStatus } from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { deriveToken, randomToken, seal, sha256, unseal } from '../../lib/crypto.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './auth.mfa.repository.ts';
import * as sessions from './auth.repository.ts';
import { assertNotThrottled, recordAttempt, WINDOW_MINUTES } from './auth.throttle.ts';

// The second factor (issue 28 item 3, decision 0047): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as
// every authenticator app expects) through otplib, ten single-use recovery codes, and the sign-in
// challenge (`mfaToken`) that completeSignIn answers instead of a session when a code is due.
// Wrong codes count towards their own throttle (kind 'mfa': 10 per account, 100 per address in
// 15 minutes) and each is audited.

/** How long a sign-in may wait for its code (the mfaToken's life). */
export const MFA_TOKEN_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PURPOSE = 'totp-secret';
/** A code of the step before or after the server's clock passes too (phones drift; RFC 6238 §5.2). */
const TOTP_TOLERANCE_SECONDS = 30;
const MFA_ROLES: readonly Role[] = ['Admin', 'SuperAdmin'];
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The session method stored for a proof: 'password' or 'oidc:<provider id>'. */
export type SignInMethod = 'password' | { provider: string };
export const methodKey = (m: SignInMethod): string => (m === 'password' ? 'password' : `oidc:${m.provider}`);

/** Whether the user's roles require a second factor now (Settings: mfaRequiredForAdmins). */
export async function requiredFor(ctx: AppContext, roles: readonly Role[], tx: Executor = ctx.db): Promise<boolean> {
  return hasAnyRole(roles, MFA_ROLES) && (await settings.current(ctx, tx)).mfaRequiredForAdmins;
}

const enabledTotp = async (db: Executor, userId: string) => {
  const row = await repo.findTotp(db, userId);
  return row?.enabledAt ? row : undefined;
};

/** GET /auth/mfa: on or off, since when, recovery codes left, and whether the role requires it. */
export async function status(ctx: AppContext, user: Pick<users.UserRecord, 'id' | 'roles'>): Promise<MfaStatus> {
  const totp = await enabledTotp(ctx.db, user.id);
  return {
    enabled: !!totp,
    enabledAt: totp?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: totp ? await repo.recoveryCodesLeft(ctx.db, user.id) : 0,
    required: await requiredFor(ctx, user.roles),
  };
}

/**
 * The challenge a sign-in answers when a second factor is due (the user has TOTP on, or their
 * role requires it — then `enrolRequired`), else undefined. The mfaToken is 256 random bits
 * stored as SHA-256 with the user and the first factor's method: it works for 5 minutes, once.
 */
export async function challengeFor(ctx: AppContext, account: users.UserRecord, method: SignInMethod): Promise<MfaChallengeResponse | undefined> {
  const enabled = !!(await enabledTotp(ctx.db, account.id));
  if (!enabled && !(await requiredFor(ctx, account.roles))) return undefined;
  const mfaToken = randomToken();
  await repo.insertChallenge(ctx.db, { tokenHash: sha256(mfaToken), userId: account.id, method: methodKey(method), enrol: !enabled, ttlMinutes: MFA_TOKEN_MINUTES });
  return { message: enabled ? MSG.mfaRequiredToContinue : MSG.mfaEnrolRequired, mfaRequired: true, mfaToken, enrolRequired: !enabled };
}

/** A live challenge and its (still active) user. */
export type Challenge = { tokenHash: string; user: users.UserRecord; method: string; enrol: boolean };

export const tokenInvalid = () => unauthorized(MSG.mfaTokenInvalid, 'MFA_TOKEN_INVALID');

/** The challenge of `mfaToken` when it is live, of the `enrol` kind asked for, and its user active; else 401. */
export async function openChallenge(ctx: AppContext, mfaToken: string, enrol: boolean): Promise<Challenge> {
  const tokenHash = sha256(mfaToken);
  const row = await repo.findLiveChallenge(ctx.db, tokenHash);
  if (!row || row.enrol !== enrol) throw tokenInvalid();
  const user = await users.findUser(ctx, row.userId);
  if (!user || user.status !== 'active') throw tokenInvalid();
  return { tokenHash, user, method: row.method, enrol: row.enrol };
}

/** Uses the challenge inside the transaction that opens its session; 401 when it was used meanwhile. */
export async function closeChallenge(tx: Executor, c: Challenge): Promise<void> {
  if (!(await repo.consumeChallenge(tx, c.tokenHash))) throw tokenInvalid();
}

// Codes -----------------------------------------------------------------------------------------

const CODE_REFUSALS = new Set(['MFA_CODE_INVALID', 'MFA_CODE_REUSED']);
const codeRefused = (reused = false) => {
  const message = reused ? MSG.mfaCodeReused : MSG.mfaCodeInvalid;
  return badRequest(message, reused ? 'MFA_CODE_REUSED' : 'MFA_CODE_INVALID', [{ path: 'code', message }]);
};

/** Who is giving a code: a signed-in principal, or a sign-in waiting for its second factor. */
type CodeGiver = { by: AuditActor; user: Pick<users.UserRecord, 'id' | 'email'>; ip: string };
const givenBy = (p: Principal, ip: string): CodeGiver => ({ by: p, user: p.user, ip });
const signingIn = (c: Challenge, ip: string): CodeGiver => ({ by: { anonymous: true, email: c.user.email, ip }, user: c.user, ip });

/**
 * Runs `check` (which uses a code) under the 'mfa' throttle: 429 when the account or the address is
 * over its limit (audited once per window); a refused code counts one failure and is audited.
 */
async function throttled<T>(ctx: AppContext, g: CodeGiver, purpose: string, check: () => Promise<T>): Promise<T> {
  const target = { type: 'user', id: g.user.id, label: g.user.email };
  try {
    await assertNotThrottled(ctx.db, 'mfa', g.ip, g.user.email);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 429) await audit.recordOncePer(ctx, WINDOW_MINUTES, g.by, { action: 'auth.mfa_throttled', target });
    throw err;
  }
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && CODE_REFUSALS.has(err.code)) {
      await recordAttempt(ctx.db, 'mfa', g.ip, g.user.email);
      await audit.record(ctx, g.by, { action: 'auth.mfa_failed', target, details: { purpose, reason: err.code === 'MFA_CODE_REUSED' ? 'code reused' : 'wrong code' } });
    }
    throw err;
  }
}

const secretOf = (ctx: AppContext, row: repo.TotpRow): string => {
  const secret = unseal(ctx.config.jwtSecret, TOTP_PURPOSE, row.secretSealed);
  // Sealed under another server secret (a restore onto another installation): no code can match.
  if (secret === undefined) throw codeRefused();
  return secret;
};

/** The time step `code` belongs to under `secret` (now, or one step either side), or undefined. */
function timeStepOf(secret: string, code: string): number | undefined {
  const result = verifySync({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Checks and uses a TOTP code (or, with `recovery`, a recovery code) of the user's enabled key:
 * the time step moves on (a code works once, an older one never again) or the recovery code is
 * spent, each by one conditional UPDATE. Throws the refusal otherwise.
 */
async function useCode(ctx: AppContext, tx: Executor, user: { id: string }, totp: repo.TotpRow, code: string, recovery: boolean): Promise<{ recoveryCodesLeft?: number }> {
  if (TOTP_CODE.test(code)) {
    const step = timeStepOf(secretOf(ctx, totp), code);
    if (step === undefined) throw codeRefused();
    if (!(await repo.acceptTimeStep(tx, user.id, step, false))) throw codeRefused(true);
    return {};
  }
  if (recovery && RECOVERY_CODE.test(code) && (await repo.useRecoveryCode(tx, user.id, recoveryHash(ctx, code)))) {
    return { recoveryCodesLeft: await repo.recoveryCodesLeft(tx, user.id) };
  }
  throw codeRefused();
}

/**
 * The second factor of a sign-in: a TOTP or recovery code for the challenge's user, used at once
 * (a recovery code's use is audited). The caller then closes the challenge and opens the session.
 */
export async function passChallenge(ctx: AppContext, c: Challenge, code: string, ip: string): Promise<{ recoveryCodesLeft?: number }> {
  const g = signingIn(c, ip);
  return throttled(ctx, g, 'sign-in', async () => {
    const totp = await enabledTotp(ctx.db, c.user.id);
    if (!totp) throw tokenInvalid();
    const used = await useCode(ctx, ctx.db, c.user, totp, code, true);
    if (used.recoveryCodesLeft !== undefined) await recordRecoveryUse(ctx, { user: c.user, ip }, used.recoveryCodesLeft);
    return used;
  });
}

const recordRecoveryUse = (ctx: AppContext, by: AuditActor & { user: { id: string; email: string } }, left: number) =>
  audit.record(ctx, by, { action: 'auth.mfa_recovery_code_used', target: { type: 'user', id: by.user.id, label: by.user.email }, details: { left } });

// Recovery codes ------------------------------------------------------------------------------------

/** A recovery code is kept as an HMAC under the server secret: a copy of the database alone cannot test guesses. */
const recoveryHash = (ctx: AppContext, code: string) => deriveToken(ctx.config.jwtSecret, 'recovery-code', code);

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Ten new codes replace the user's old ones; the plain codes are answered once and never stored. */
async function issueRecoveryCodes(ctx: AppContext, tx: Executor, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await repo.replaceRecoveryCodes(tx, userId, [...codes].map((c) => recoveryHash(ctx, c)));
  return [...codes];
}

// Enrolment, turning off, renewing, reset --------------------------------------------------------

/**
 * Starts (or restarts) enrolment: a new 160-bit key, sealed, pending until a first code confirms
 * it. 409 when the user's TOTP is already on. Answers the key, its otpauth URL and that URL as an
 * SVG QR code (data URL).
 */
export async function setup(ctx: AppContext, user: Pick<users.UserRecord, 'id' | 'email'>) {
  const secret = generateSecret();
  if (!(await repo.putPendingTotp(ctx.db, user.id, seal(ctx.config.jwtSecret, TOTP_PURPOSE, secret)))) throw conflict(MSG.mfaAlreadyEnabled, 'MFA_ALREADY_ENABLED');
  const { institutionName } = await settings.current(ctx);
  const otpauthUrl = generateURI({ issuer: institutionName, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Turns the pending key on with its first code and issues ten recovery codes, audited, in one
 * transaction; `alsoInTx` (a sign-in that had to enrol) opens its session in the same one. 400
 * without a pending key, 400 for a wrong code (throttled).
 */
export async function confirm<T>(
  ctx: AppContext,
  who: { principal: Principal } | { challenge: Challenge },
  code: string,
  ip: string,
  alsoInTx: (tx: Executor) => Promise<T>,
): Promise<{ recoveryCodes: string[]; also: T }> {
  const user = 'principal' in who ? who.principal.user : who.challenge.user;
  const g = 'principal' in who ? givenBy(who.principal, ip) : signingIn(who.challenge, ip);
  const pending = await repo.findTotp(ctx.db, user.id);
  if (pending?.enabledAt) throw conflict(MSG.mfaAlreadyEnabled, 'MFA_ALREADY_ENABLED');
  if (!pending) throw badRequest(MSG.mfaSetupFirst, 'MFA_SETUP_FIRST');
  return throttled(ctx, g, 'enrolment', async () => {
    const step = timeStepOf(secretOf(ctx, pending), code);
    if (step === undefined) throw codeRefused();
    return ctx.db.transaction(async (tx) => {
      // A second confirmation racing this one finds the key on already.
      if (!(await repo.acceptTimeStep(tx, user.id, step, true))) throw conflict(MSG.mfaAlreadyEnabled, 'MFA_ALREADY_ENABLED');
      const recoveryCodes = await issueRecoveryCodes(ctx, tx, user.id);
      const by: AuditActor = 'principal' in who ? { ...who.principal, ip } : { user, ip };
      await audit.record(ctx, by, { action: 'auth.mfa_enabled', target: { type: 'user', id: user.id, label: user.email }, details: { duringSignIn: !('principal' in who) } }, tx);
      return { recoveryCodes, also: await alsoInTx(tx) };
    });
  });
}

/** Turns TOTP off with a current code or a recovery code: 403 when the role requires it, 409 when it is off. */
export async function disable(ctx: AppContext, p: Principal, code: string, ip: string): Promise<void> {
  if (await requiredFor(ctx, p.user.roles)) throw forbidden(MSG.mfaDisableRequired, 'MFA_REQUIRED');
  const totp = await enabledTotp(ctx.db, p.user.id);
  if (!totp) throw conflict(MSG.mfaNotEnabled, 'MFA_NOT_ENABLED');
  await throttled(ctx, givenBy(p, ip), 'turn off', () =>
    ctx.db.transaction(async (tx) => {
      const used = await useCode(ctx, tx, p.user, totp, code, true);
      await repo.deleteMfa(tx, p.user.id);
      const target = { type: 'user', id: p.user.id, label: p.user.email };
      await audit.record(ctx, { ...p, ip }, { action: 'auth.mfa_disabled', target, details: { with: used.recoveryCodesLeft === undefined ? 'code' : 'recovery code' } }, tx);
    }),
  );
}

/** Ten new recovery codes for a current TOTP code (the old ones stop working), audited. */
export async function renewRecoveryCodes(ctx: AppContext, p: Principal, code: string, ip: string): Promise<string[]> {
  const totp = await enabledTotp(ctx.db, p.user.id);
  if (!totp) throw conflict(MSG.mfaNotEnabled, 'MFA_NOT_ENABLED');
  return throttled(ctx, givenBy(p, ip), 'recovery codes', () =>
    ctx.db.transaction(async (tx) => {
      await useCode(ctx, tx, p.user, totp, code, false);
      const codes = await issueRecoveryCodes(ctx, tx, p.user.id);
      await audit.record(ctx, { ...p, ip }, { action: 'auth.mfa_recovery_codes_renewed', target: { type: 'user', id: p.user.id, label: p.user.email } }, tx);
      return codes;
    }),
  );
}

/**
 * A SuperAdmin resets a user's second factor (lost phone): the key and recovery codes go and every
 * session of the user ends (whoever holds the lost phone may hold a signed-in browser on it too),
 * audited with who did it. The user sets it up again at their next sign-in when their role requires
 * it. 404 for no such user, 409 when they have none. Returns the sessions ended: the caller makes
 * every process forget them once this has committed (auth.service forgetSessions).
 */
export async function reset(ctx: AppContext, by: Principal, userId: string): Promise<string[]> {
  const user = await users.findUser(ctx, userId);
  if (!user) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMfa(tx, user.id))) throw conflict(MSG.mfaNotEnabled, 'MFA_NOT_ENABLED');
    const ended = await sessions.revokeUserSessions(tx, user.id, 'mfa-reset');
    await audit.record(ctx, by, { action: 'auth.mfa_reset', target: { type: 'user', id: user.id, label: user.email }, details: { sessionsEnded: ended.length } }, tx);
    return ended;
  });
}
