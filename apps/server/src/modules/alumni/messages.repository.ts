import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alumniMessages } from '../../db/schema/alumni.ts';
import type { AlumniMessageRow } from '../../db/schema/alumni.ts';

// The record of bulk messages sent to alumni (who, when, text, recipients).

export async function insertMessageRecord(db: Executor, r: Omit<AlumniMessageRow, 'id' | 'sentAt'>): Promise<AlumniMessageRow> {
  const [row] = await db.insert(alumniMessages).values(r).returning();
  return row!;
}

/** Newest first, one page, with the total. */
export async function listMessageRecords(db: Executor, page: number, pageSize: number): Promise<{ rows: AlumniMessageRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(alumniMessages)
      .orderBy(desc(alumniMessages.sentAt), desc(alumniMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(alumniMessages),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
