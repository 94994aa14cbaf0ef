import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idCards } from '../../db/schema/idcards.ts';

// Queries of ID cards.

export type IdCardRow = typeof idCards.$inferSelect;

export const insertCard = async (db: Executor, v: typeof idCards.$inferInsert): Promise<IdCardRow> => (await db.insert(idCards).values(v).returning())[0]!;
/** The student's live (not revoked) card, if any. */
export const findLive = async (db: Executor, studentId: string): Promise<IdCardRow | undefined> =>
  (await db
    .select()
    .from(idCards)
    .where(and(eq(idCards.studentId, studentId), isNull(idCards.revokedAt))))[0];
export const findCard = async (db: Executor, id: string): Promise<IdCardRow | undefined> => (await db.select().from(idCards).where(eq(idCards.id, id)))[0];
export const findByTokenHash = async (db: Executor, hash: string): Promise<IdCardRow | undefined> => (await db.select().from(idCards).where(eq(idCards.tokenHash, hash)))[0];
export const findByFile = async (db: Executor, fileId: string): Promise<IdCardRow | undefined> =>
  (await db
    .select()
    .from(idCards)
    .where(or(eq(idCards.pngFileId, fileId), eq(idCards.pdfFileId, fileId))))[0];
/** Revokes the student's live card (one conditional UPDATE); returns it when there was one. */
export const revokeLive = async (db: Executor, studentId: string): Promise<IdCardRow | undefined> =>
  (
    await db
      .update(idCards)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(idCards.studentId, studentId), isNull(idCards.revokedAt)))
      .returning()
  )[0];
export const countLive = async (db: Executor): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(idCards).where(isNull(idCards.revokedAt)))[0]!.n;
