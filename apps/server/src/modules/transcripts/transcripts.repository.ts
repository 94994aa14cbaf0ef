import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { transcripts } from '../../db/schema/transcripts.ts';

// Queries of issued grade cards and transcripts (their verification records).

export type TranscriptRow = typeof transcripts.$inferSelect;
export type NewTranscript = typeof transcripts.$inferInsert;

export const insertIssued = async (db: Executor, rows: NewTranscript[]): Promise<TranscriptRow[]> => (rows.length === 0 ? [] : db.insert(transcripts).values(rows).returning());
export const findIssued = async (db: Executor, id: string): Promise<TranscriptRow | undefined> => (await db.select().from(transcripts).where(eq(transcripts.id, id)))[0];
export const findByTokenHash = async (db: Executor, hash: string): Promise<TranscriptRow | undefined> => (await db.select().from(transcripts).where(eq(transcripts.tokenHash, hash)))[0];
/** Every document issued for the student, newest first. */
export const issuedFor = (db: Executor, studentId: string): Promise<TranscriptRow[]> => db.select().from(transcripts).where(eq(transcripts.studentId, studentId)).orderBy(desc(transcripts.issuedAt)).limit(200);
/** Revokes the document when live (one conditional UPDATE); returns it when it was. */
export const revoke = async (db: Executor, id: string): Promise<TranscriptRow | undefined> =>
  (
    await db
      .update(transcripts)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(transcripts.id, id), isNull(transcripts.revokedAt)))
      .returning()
  )[0];
export const countIssued = async (db: Executor): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(transcripts))[0]!.n;
