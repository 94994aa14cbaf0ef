import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DocType } from '@crs/shared/schemas/docs';
import type { Executor } from '../../db/client.ts';
import { documents } from '../../db/schema/docs.ts';

// Queries of the document repository's own documents.

export type DocumentRow = typeof documents.$inferSelect;

export const insertDocument = async (db: Executor, v: typeof documents.$inferInsert): Promise<DocumentRow> => (await db.insert(documents).values(v).returning())[0]!;
export const findDocument = async (db: Executor, id: string): Promise<DocumentRow | undefined> => (await db.select().from(documents).where(eq(documents.id, id)))[0];
export const findByFile = async (db: Executor, fileId: string): Promise<DocumentRow | undefined> => (await db.select().from(documents).where(eq(documents.fileId, fileId)))[0];
export const deleteDocument = async (db: Executor, id: string): Promise<DocumentRow | undefined> => (await db.delete(documents).where(eq(documents.id, id)).returning())[0];
export const countDocuments = async (db: Executor): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(documents))[0]!.n;

export async function updateDocument(db: Executor, id: string, patch: Partial<Pick<DocumentRow, 'title' | 'type' | 'description' | 'subjectId'>>): Promise<DocumentRow | undefined> {
  return (
    await db
      .update(documents)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(documents.id, id))
      .returning()
  )[0];
}

/**
 * Documents matching every word of `q` (title or description), of `types` (all when empty), newest
 * first, at most `limit`. Notes of a subject only when the subject is in `subjects` (all when
 * `subjects` is 'all').
 */
export function searchDocuments(db: Executor, f: { q: string; types: DocType[]; subjects: 'all' | string[]; limit: number }): Promise<DocumentRow[]> {
  const where: SQL[] = [];
  for (const word of f.q.split(/\s+/).filter(Boolean)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(documents.title, like), ilike(documents.description, like))!);
  }
  if (f.types.length) where.push(inArray(documents.type, f.types));
  if (f.subjects !== 'all') where.push(f.subjects.length ? or(isNull(documents.subjectId), inArray(documents.subjectId, f.subjects))! : isNull(documents.subjectId));
  return db
    .select()
    .from(documents)
    .where(and(...where))
    .orderBy(desc(documents.createdAt))
    .limit(f.limit);
}
