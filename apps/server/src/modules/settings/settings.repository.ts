import { eq, sql } from 'drizzle-orm';
import type { SettingsValues } from '@crs/shared/schemas/settings';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import type { SettingsRow } from '../../db/schema/settings.ts';

// The one settings row (id 1, made by migration 0013): saved values and the logo.

export type { SettingsRow };

/** The row; `forUpdate` locks it for the rest of the transaction (concurrent saves queue up). */
export async function getRow(db: Executor, forUpdate = false): Promise<SettingsRow> {
  const q = db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw new Error('settings row is missing (migration 0013 creates it)');
  return row;
}

/** Replaces the saved values. */
export async function saveValues(db: Executor, values: Partial<SettingsValues>): Promise<SettingsRow> {
  const [row] = await db.update(settings).set({ values, updatedAt: sql`now()` }).where(eq(settings.id, 1)).returning();
  return row!;
}

/** Points the logo at `fileId` (or none); returns the row as it was before. */
export async function setLogo(db: Executor, fileId: string | null): Promise<{ before: SettingsRow; after: SettingsRow }> {
  const before = await getRow(db, true);
  const [after] = await db.update(settings).set({ logoFileId: fileId, updatedAt: sql`now()` }).where(eq(settings.id, 1)).returning();
  return { before, after: after! };
}
