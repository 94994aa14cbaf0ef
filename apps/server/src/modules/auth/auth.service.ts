import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@crs/shared/messages';
import type { RegisterInput, ResetConfirmInput, UpdateMeInput } from '@crs/shared/schemas/auth';
import type { Role } from '@crs/shared/roles';
import { APPROVAL_ROLES } from '@crs/shared/roles';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { passwordResets, refreshTokens, sessions } from '../../db/schema/auth.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { dummyHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.repository.ts';
import type { CachedUser } from './auth.cache.ts';
import { assertNotThrottled, countRecent, RESET_MAILS_PER_EMAIL, recordAttempt } from './throttle.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

export const SESSION_ABSOLUTE_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
/** Two tabs refreshing with the same token within this window both succeed. */
export const REFRESH_GRACE_SECONDS = 10;
export const RESET_TTL_MINUTES = 30;

export type RequestMeta = { ip: string; userAgent?: string | undefined };
export type TokenPair = { token: string; refreshToken: string };
export type Principal = { user: CachedUser; sessionId: string };

async function createSession(ctx: AppContext, db: Executor, user: { id: string; roles: Role[]; tokenVersion: number }, meta: RequestMeta): Promise<TokenPair> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt: sql`now() + make_interval(days => ${SESSION_ABSOLUTE_DAYS})`,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.id });
  const token = await signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: session!.id, roles: user.roles, ver: user.tokenVersion });
  return { token, refreshToken };
}

/**
 * Creates an account. Students are active at once; Teacher/Staff wait for approval unless it is
 * off. Returns tokens only for an active account. A duplicate email is a 409 and creates nothing.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta) {
  const role = input.roles;
  const status = ctx.config.registrationApproval && APPROVAL_ROLES.includes(role) ? 'pending' : 'active';
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, { name: input.name, email: input.email, phone: input.phone, roles: [role], status, passwordHash });
      const tokens = status === 'active' ? await createSession(ctx, tx, user, meta) : undefined;
      return { user, tokens };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Signs in. Unknown email and wrong password give the same 401 (and take the same time);
 * 10 failures for one account or 100 from one address in 15 minutes give 429.
 */
export async function login(ctx: AppContext, email: string, password: string, meta: RequestMeta) {
  await assertNotThrottled(ctx.db, 'login', meta.ip, email);
  const user = await findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await recordAttempt(ctx.db, 'login', meta.ip, email);
    throw unauthorized(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  if (user.status === 'pending') throw forbidden(MSG.awaitingApproval, 'ACCOUNT_PENDING');
  if (user.status === 'disabled') throw forbidden(MSG.accountDisabled, 'ACCOUNT_DISABLED');
  const tokens = await ctx.db.transaction((tx) => createSession(ctx, tx, user, meta));
  const { passwordHash: _omit, ...publicUser } = user;
  return { user: publicUser, ...tokens };
}

/** Revokes the session: its refresh tokens and its access tokens stop working at once. */
export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await ctx.authCache.invalidateSession(sessionId);
}

type RefreshOutcome = { ok: TokenPair } | { revokedSession: string } | { invalid: true };

/**
 * Rotates a refresh token. A token is used once (one conditional UPDATE); presenting a used
 * token again within the grace window gets a sibling token (two tabs), after it revokes the
 * whole session, newest token included (reuse detection).
 */
export async function refresh(ctx: AppContext, presented: string): Promise<TokenPair> {
  const tokenHash = sha256(presented);
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    let sessionId = claimed[0]?.sessionId;
    if (!sessionId) {
      const [used] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          inGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!used) return { invalid: true };
      if (!used.inGrace) {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()`, revokeReason: 'refresh-token-reuse' })
          .where(and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt)));
        return { revokedSession: used.sessionId };
      }
      sessionId = used.sessionId;
    }
    const [session] = await tx
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
          sql`${sessions.lastUsedAt} > now() - make_interval(days => ${SESSION_IDLE_DAYS})`,
        ),
      )
      .returning({ userId: sessions.userId });
    if (!session) return { invalid: true };
    const user = await findUserById(tx, session.userId);
    if (!user || user.status !== 'active') return { invalid: true };
    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId });
    const token = await signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: sessionId, roles: user.roles, ver: user.tokenVersion });
    return { ok: { token, refreshToken } };
  });
  if ('ok' in outcome) return outcome.ok;
  if ('revokedSession' in outcome) await ctx.authCache.invalidateSession(outcome.revokedSession);
  throw unauthorized(MSG.sessionExpired, 'INVALID_REFRESH_TOKEN');
}

/**
 * Resolves a bearer token to its user and session, refusing a revoked or expired session, a
 * user who is no longer active, and a token older than the user's last role or password change.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(ctx.config.jwtSecret, token);
  if (!claims) throw unauthorized();
  const cache = ctx.authCache;
  let session = cache.getSession(claims.sid);
  if (!session) {
    const epoch = cache.epoch;
    const [row] = await ctx.db
      .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, claims.sid));
    if (!row) throw unauthorized();
    session = { userId: row.userId, revoked: row.revokedAt !== null, expiresAt: row.expiresAt.getTime() };
    cache.setSession(claims.sid, session, epoch);
  }
  if (session.revoked || session.expiresAt <= Date.now() || session.userId !== claims.sub) throw unauthorized();
  let user = cache.getUser(claims.sub);
  if (!user) {
    const epoch = cache.epoch;
    user = await findUserById(ctx.db, claims.sub);
    if (!user) throw unauthorized();
    cache.setUser(user.id, user, epoch);
  }
  if (user.status !== 'active' || user.tokenVersion !== claims.ver) throw unauthorized();
  return { user, sessionId: claims.sid };
}

/** Changes name, email or bio of the signed-in user (never roles, status or password). */
export async function updateMe(ctx: AppContext, userId: string, patch: UpdateMeInput) {
  try {
    const user = await updateUser(ctx.db, userId, patch);
    await ctx.authCache.invalidateUser(userId);
    return user!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Starts a password reset. Always answers the same, whether or not the email exists; voids
 * older reset tokens of the user; at most 5 mails per address in 15 minutes.
 */
export async function requestReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await assertNotThrottled(ctx.db, 'reset', ip);
  await recordAttempt(ctx.db, 'reset', ip, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status === 'disabled') return;
  if ((await countRecent(ctx.db, 'reset', email)) > RESET_MAILS_PER_EMAIL) return;
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${RESET_TTL_MINUTES})`,
    });
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your CRS password',
    text:
      `Hello ${user.name},\n\nSomeone asked to reset the password of your College Resource System account.\n` +
      `Open this link within ${RESET_TTL_MINUTES} minutes to choose a new password:\n\n${link}\n\n` +
      'If you did not ask for this, ignore this mail; your password stays as it is.\n',
  });
}

/**
 * Sets a new password with a reset token. The token is consumed by one conditional UPDATE, so
 * it works once even under parallel submissions; every session of the user is revoked.
 */
export async function confirmReset(ctx: AppContext, input: ResetConfirmInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`))
      .returning({ userId: passwordResets.userId });
    if (!row) throw badRequest(MSG.resetInvalid, 'RESET_INVALID');
    await updateUser(tx, row.userId, { passwordHash, bumpTokenVersion: true });
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: 'password-reset' })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    return row.userId;
  });
  await ctx.authCache.invalidateUser(userId);
}

