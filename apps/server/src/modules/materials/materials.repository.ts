import { and, desc, eq, ilike, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { materials } from '../../db/schema/materials.ts';

// Queries of teaching materials.

export type MaterialRow = typeof materials.$inferSelect;
export const insertMaterial = async (db: Executor, v: typeof materials.$inferInsert): Promise<MaterialRow> => (await db.insert(materials).values(v).returning())[0]!;
/** A teacher's materials (every material when `teacherId` is undefined), newest first. */
export const listMaterials = (db: Executor, teacherId: string | undefined): Promise<MaterialRow[]> =>
  db.select().from(materials).where(teacherId ? eq(materials.teacherId, teacherId) : undefined).orderBy(desc(materials.createdAt)).limit(1000);
export const findMaterial = async (db: Executor, id: string): Promise<MaterialRow | undefined> => (await db.select().from(materials).where(eq(materials.id, id)))[0];
export const findByFile = async (db: Executor, fileId: string): Promise<MaterialRow | undefined> => (await db.select().from(materials).where(eq(materials.fileId, fileId)))[0];
export const deleteMaterial = async (db: Executor, id: string) => (await db.delete(materials).where(eq(materials.id, id)).returning())[0];

/** Materials for the document repository: words of `q` in title or description, notes (of `subjects` only, unless 'all') and/or research, newest first. */
export function searchMaterials(db: Executor, f: { q: string; notes: boolean; researches: boolean; subjects: 'all' | string[]; limit: number }): Promise<MaterialRow[]> {
  const where: SQL[] = [];
  // A reader's subjects are filtered here, before the limit: filtered after it, a student's notes
  // older than the college's newest `limit` materials would be missing from their list.
  if (f.subjects !== 'all') where.push(f.subjects.length ? or(isNull(materials.subjectId), inArray(materials.subjectId, f.subjects))! : isNull(materials.subjectId));
  for (const word of f.q.split(/\s+/).filter(Boolean)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(materials.title, like), ilike(materials.description, like))!);
  }
  if (f.notes !== f.researches) where.push(f.notes ? isNotNull(materials.subjectId) : isNull(materials.subjectId));
  return db
    .select()
    .from(materials)
    .where(and(...where))
    .orderBy(desc(materials.createdAt))
    .limit(f.limit);
}
