import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { guardianCodes, guardianLinks } from '../../db/schema/guardians.ts';

export type LinkRow = typeof guardianLinks.$inferSelect;

/** Stores a link code's hash for `studentId`, working until `expiresAt`. */
export async function insertCode(db: Executor, v: { codeHash: string; studentId: string; createdBy: string | null; expiresAt: Date }): Promise<void> {
  await db.insert(guardianCodes).values(v);
}

/**
 * Uses the code once: one conditional UPDATE, so of two guardians entering it at the same time one
 * gets the student and the other nothing. Expired or used codes give nothing.
 */
export async function consumeCode(db: Executor, codeHash: string, usedBy: string): Promise<string | undefined> {
  const [row] = await db
    .update(guardianCodes)
    .set({ usedAt: sql`now()`, usedBy })
    .where(and(eq(guardianCodes.codeHash, codeHash), isNull(guardianCodes.usedAt), gt(guardianCodes.expiresAt, sql`now()`)))
    .returning({ studentId: guardianCodes.studentId });
  return row?.studentId;
}

/** Whether the code would work now (sign-up checks before it makes the account). */
export async function codeIsLive(db: Executor, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ s: guardianCodes.studentId })
    .from(guardianCodes)
    .where(and(eq(guardianCodes.codeHash, codeHash), isNull(guardianCodes.usedAt), gt(guardianCodes.expiresAt, sql`now()`)));
  return !!row;
}

/** Links the pair; false when it was linked already (the first link's relation stays). */
export async function insertLink(db: Executor, v: { guardianId: string; studentId: string; relation: string | null }): Promise<boolean> {
  const rows = await db.insert(guardianLinks).values(v).onConflictDoNothing().returning({ g: guardianLinks.guardianId });
  return rows.length > 0;
}

/** Links many pairs at once (an import); how many were new. */
export async function insertLinks(db: Executor, values: ReadonlyArray<{ guardianId: string; studentId: string; relation: string | null }>): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await db.insert(guardianLinks).values([...values]).onConflictDoNothing().returning({ g: guardianLinks.guardianId });
  return rows.length;
}

export async function deleteLink(db: Executor, guardianId: string, studentId: string): Promise<boolean> {
  const rows = await db
    .delete(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.studentId, studentId)))
    .returning({ g: guardianLinks.guardianId });
  return rows.length > 0;
}

export async function isLinked(db: Executor, guardianId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ g: guardianLinks.guardianId })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.studentId, studentId)));
  return !!row;
}

/** A guardian's links, oldest first. */
export const linksOfGuardian = (db: Executor, guardianId: string): Promise<LinkRow[]> =>
  db.select().from(guardianLinks).where(eq(guardianLinks.guardianId, guardianId)).orderBy(guardianLinks.createdAt);

/** A student's links, oldest first. */
export const linksOfStudent = (db: Executor, studentId: string): Promise<LinkRow[]> =>
  db.select().from(guardianLinks).where(eq(guardianLinks.studentId, studentId)).orderBy(guardianLinks.createdAt);

/** The links of these students (absence alerts: whom to tell about whom). */
export const linksOfStudents = (db: Executor, studentIds: readonly string[]): Promise<LinkRow[]> =>
  studentIds.length === 0 ? Promise.resolve([]) : db.select().from(guardianLinks).where(sql`${guardianLinks.studentId} = any(${sql.param([...studentIds])}::uuid[])`);
