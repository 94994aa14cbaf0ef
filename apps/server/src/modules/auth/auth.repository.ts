import { and, count, desc, eq, gt, isNull, lt, min, ne, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { authAttempts, mfaChallenges, passwordResets, refreshTokens, sessions } from '../../db/schema/auth.ts';

// The auth module's tables: sessions, refresh tokens, password resets, throttling attempts.
// Tokens arrive here already hashed: no plain token is ever stored.

export type RevokeReason = 'logout' | 'refresh-token-reuse' | 'password-reset' | 'password-change' | 'account-disabled' | 'signed-out-by-user' | 'mfa-reset';

/**
 * Starts a session of `userId` with an absolute lifetime of `days` and its first refresh token
 * (stored hashed); returns the session's id. `method`: 'password' or 'oidc:<provider>'; `mfa`: a
 * second factor was used. One statement (the token's insert reads the new session's id in a
 * data-modifying CTE), so a sign-in needs no transaction: on the embedded database BEGIN and
 * COMMIT are round trips of their own.
 */
export async function insertSessionWithRefreshToken(
  db: Executor,
  s: { userId: string; days: number; ip: string; userAgent: string | null; method: string; mfa: boolean },
  tokenHash: string,
): Promise<string> {
  const [row] = await queryRows<{ sessionId: string }>(
    db,
    sql`with session as (insert into sessions (user_id, expires_at, ip, user_agent, method, mfa)
                         values (${s.userId}, now() + make_interval(days => ${s.days}), ${s.ip}, ${s.userAgent}, ${s.method}, ${s.mfa}) returning id)
        insert into refresh_tokens (token_hash, session_id) select ${tokenHash}, id from session returning session_id as "sessionId"`,
  );
  return row!.sessionId;
}

/**
 * A session as a request finds it, marking it seen now unless it is revoked (the sessions page's
 * "last seen"): a process asks once a minute per session at most, when its cached copy expires.
 */
export async function seeSession(db: Executor, id: string) {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
  return row;
}

/** Neither revoked, expired nor idle for `idleDays`. */
const live = (idleDays: number) =>
  and(isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`, sql`${sessions.lastUsedAt} > now() - make_interval(days => ${idleDays})`);

/** Marks a live session used now; its user, or undefined when it is revoked, expired or idle too long. */
export async function touchLiveSession(db: Executor, id: string, idleDays: number): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, id), live(idleDays)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

export async function revokeSession(db: Executor, id: string, reason: RevokeReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Revokes every unrevoked session of the user, but `keepId` when given (their own, as they change
 * their password); with `idleDays`, only the live ones (those the sessions page shows).
 */
export async function revokeUserSessions(db: Executor, userId: string, reason: RevokeReason, keepId?: string, idleDays?: number): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        idleDays === undefined ? isNull(sessions.revokedAt) : live(idleDays),
        keepId === undefined ? undefined : ne(sessions.id, keepId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Sessions neither revoked, expired nor idle for `idleDays`. */
export async function countLiveSessions(db: Executor, idleDays: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(live(idleDays));
  return Number(row?.n ?? 0);
}

/** The user's live sessions, most recently used first (the sessions page). */
export async function liveSessionsOf(db: Executor, userId: string, idleDays: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      method: sessions.method,
      mfa: sessions.mfa,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(idleDays)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Revokes one live session of `userId` (no other user's); what it was, or undefined when there is none. */
export async function revokeSessionOf(db: Executor, userId: string, id: string, reason: RevokeReason, idleDays: number) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), live(idleDays)))
    .returning({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip });
  return row;
}

export async function insertRefreshToken(db: Executor, tokenHash: string, sessionId: string): Promise<void> {
  await db.insert(refreshTokens).values({ tokenHash, sessionId });
}

/** Uses an unused refresh token (one conditional UPDATE: of parallel uses exactly one wins); its session. */
export async function claimRefreshToken(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  return row?.sessionId;
}

/** A stored refresh token: its session, whether it was used, and whether that was within `graceSeconds`. */
export async function findRefreshToken(db: Executor, tokenHash: string, graceSeconds: number) {
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      used: sql<boolean>`${refreshTokens.usedAt} is not null`,
      inGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Voids every unused reset token of the user (a new request replaces them). */
export async function voidResets(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertReset(db: Executor, tokenHash: string, userId: string, ttlMinutes: number): Promise<void> {
  await db.insert(passwordResets).values({ tokenHash, userId, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` });
}

/** Uses a live reset token (one conditional UPDATE: it works once even under parallel submissions); its user. */
export async function consumeReset(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

export type AttemptKind = 'login' | 'reset' | 'mfa' | 'link-code';

export async function insertAttempt(db: Executor, kind: AttemptKind, ip: string, email: string | null): Promise<void> {
  await db.insert(authAttempts).values({ kind, ip, email });
}

/** Attempts of `kind` by one email or one address within the last `minutes`, and when the oldest was. */
export async function countAttempts(db: Executor, kind: AttemptKind, key: 'email' | 'ip', value: string, minutes: number) {
  const column = key === 'email' ? authAttempts.email : authAttempts.ip;
  const [row] = await db
    .select({ n: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(column, value), gt(authAttempts.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

/**
 * `countAttempts` by email and by address at once (a sign-in's throttle check): one statement
 * instead of two, each figure over the same rows as countAttempts would count.
 */
export async function countAttemptsByEmailAndIp(db: Executor, kind: AttemptKind, email: string, ip: string, minutes: number) {
  const byEmail = eq(authAttempts.email, email);
  const byIp = eq(authAttempts.ip, ip);
  const [row] = await db
    .select({
      emailN: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      emailOldest: sql<Date | null>`min(${authAttempts.createdAt}) filter (where ${byEmail})`.mapWith(authAttempts.createdAt),
      ipN: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      ipOldest: sql<Date | null>`min(${authAttempts.createdAt}) filter (where ${byIp})`.mapWith(authAttempts.createdAt),
    })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), or(byEmail, byIp), gt(authAttempts.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
  return { email: { n: row?.emailN ?? 0, oldest: row?.emailOldest ?? null }, ip: { n: row?.ipN ?? 0, oldest: row?.ipOldest ?? null } };
}

/**
 * Deletes authentication data nobody can use any more: sessions ended (expired, idle or revoked)
 * over a day ago — their refresh tokens go with them — reset tokens and sign-in challenges (mfaToken)
 * expired over a day ago, and throttling rows older than a day.
 */
export async function deleteStaleAuthData(db: Executor, idleDays: number): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo), lt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays + 1})`)));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, dayAgo));
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, dayAgo));
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, dayAgo));
}
