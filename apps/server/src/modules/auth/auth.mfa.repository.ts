import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mfaChallenges, recoveryCodes, userTotp } from '../../db/schema/auth.ts';

// The second factor's tables (issue 28, decision 0047): a user's TOTP key (sealed), their recovery
// codes (keyed hashes) and the sign-ins waiting for a code (SHA-256 of the mfaToken).

export type TotpRow = typeof userTotp.$inferSelect;

export async function findTotp(db: Executor, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** Stores a new pending key (replacing a pending one); false when the user's TOTP is already on. */
export async function putPendingTotp(db: Executor, userId: string, secretSealed: string): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretSealed, createdAt: sql`now()`, lastTimeStep: null }, setWhere: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Accepts a code of `timeStep`: one conditional UPDATE moves `last_time_step` forward, so of two
 * requests with the same code exactly one wins and an older step never passes again. `enable`
 * turns a pending key on (the first code). False when the step was not newer (the code was used).
 */
export async function acceptTimeStep(db: Executor, userId: string, timeStep: number, enable: boolean): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastTimeStep: timeStep, ...(enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userTotp.userId, userId),
        enable ? isNull(userTotp.enabledAt) : sql`${userTotp.enabledAt} is not null`,
        or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/** Removes the user's key and recovery codes (turned off, or reset by a SuperAdmin); whether a key was on. */
export async function deleteMfa(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.some((r) => r.enabledAt !== null);
}

/** Replaces every recovery code of the user with `hashes`. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: readonly string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code (one conditional UPDATE: it works once even under parallel use). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function insertChallenge(db: Executor, c: { tokenHash: string; userId: string; method: string; enrol: boolean; ttlMinutes: number }): Promise<void> {
  await db.insert(mfaChallenges).values({
    tokenHash: c.tokenHash,
    userId: c.userId,
    method: c.method,
    enrol: c.enrol,
    expiresAt: sql`now() + make_interval(mins => ${c.ttlMinutes})`,
  });
}

/** A challenge neither used nor expired. */
export async function findLiveChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ userId: mfaChallenges.userId, method: mfaChallenges.method, enrol: mfaChallenges.enrol })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), sql`${mfaChallenges.expiresAt} > now()`));
  return row;
}

/** Uses a live challenge (one conditional UPDATE: one sign-in per token). */
export async function consumeChallenge(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), sql`${mfaChallenges.expiresAt} > now()`))
    .returning({ userId: mfaChallenges.userId });
  return rows.length > 0;
}
