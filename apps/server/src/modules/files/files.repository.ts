import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import type { FilePurpose } from '@crs/shared/schemas/files';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

export async function insertFile(db: Executor, file: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(file).returning();
  return row!;
}

export async function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

export const findFiles = (db: Executor, ids: string[]): Promise<FileRow[]> => (ids.length ? db.select().from(files).where(inArray(files.id, ids)) : Promise.resolve([]));

/** Deletes a file's record; returns it (for its storage key) when there was one. */
export async function deleteFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning();
  return row;
}

/** Deletes an owner's files of a purpose, but `keepId` when given; returns them. */
export async function deleteOwnerFiles(db: Executor, ownerId: string, purpose: FilePurpose, keepId?: string): Promise<FileRow[]> {
  return db
    .delete(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.purpose, purpose), keepId ? ne(files.id, keepId) : undefined))
    .returning();
}

/** Which of `keys` a file row still names. */
export async function keptKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.key));
}

/** A page of every file's record in id order, after `afterId` (moving the bytes between stores). */
export const filesAfter = (db: Executor, afterId: string | undefined, limit: number): Promise<FileRow[]> =>
  db.select().from(files).where(afterId ? gt(files.id, afterId) : undefined).orderBy(asc(files.id)).limit(limit);

/** How many files have records. */
export async function countFiles(db: Executor): Promise<number> {
  return db.$count(files);
}
