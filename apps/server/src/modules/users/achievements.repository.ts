import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { achievements } from '../../db/schema/users.ts';

export type AchievementRow = typeof achievements.$inferSelect;
type Fields = { title: string; year: number; description: string | null };

/** A person's achievements, newest year first. */
export const listAchievements = (db: Executor, userId: string): Promise<AchievementRow[]> =>
  db.select().from(achievements).where(eq(achievements.userId, userId)).orderBy(desc(achievements.year), desc(achievements.createdAt));

export async function countAchievements(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(achievements).where(eq(achievements.userId, userId));
  return row!.n;
}

export async function insertAchievement(db: Executor, userId: string, fields: Fields): Promise<AchievementRow> {
  const [row] = await db.insert(achievements).values({ userId, ...fields }).returning();
  return row!;
}

/** Changes one of the person's own achievements; undefined when they have none with this id. */
export async function updateAchievement(db: Executor, userId: string, id: string, fields: Fields): Promise<AchievementRow | undefined> {
  const [row] = await db.update(achievements).set(fields).where(and(eq(achievements.id, id), eq(achievements.userId, userId))).returning();
  return row;
}

export async function deleteAchievement(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(achievements).where(and(eq(achievements.id, id), eq(achievements.userId, userId))).returning({ id: achievements.id });
  return rows.length > 0;
}
