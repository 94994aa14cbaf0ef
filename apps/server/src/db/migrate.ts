import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { queryRows } from './client.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** The advisory lock key migrations hold on a shared PostgreSQL database ('crsm' as a number). */
export const MIGRATIONS_LOCK = 0x63_72_73_6d;

/**
 * Applies the committed SQL migrations that have not run yet (forward-only, idempotent). Several
 * server processes may start at once on one PostgreSQL database and drizzle's migrator takes no
 * lock: both would run the same migrations, and one fail (its CREATE SCHEMA or CREATE TABLE meets
 * the other's). So the first to hold MIGRATIONS_LOCK migrates; the others wait, then find nothing
 * left to do.
 */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // The embedded database is reached through node-postgres too (decision 0056); its `exclusively` takes no lock.
  await database.exclusively(MIGRATIONS_LOCK, () => migratePg(database.db as never, config));
}

/** How many migrations this build ships (the journal's entries), read once. */
let shipped: number | undefined;
function shippedMigrations(): number {
  shipped ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return shipped;
}

/**
 * Whether the database has every migration this build ships (readiness, decision 0048): one
 * small query, which also proves the database answers. More applied than shipped is fine (a newer
 * process migrated during a rolling upgrade).
 */
export async function migrationsDone(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0) >= shippedMigrations();
}
