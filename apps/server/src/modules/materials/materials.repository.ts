import { desc, eq } from 'drizzle-orm';
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
