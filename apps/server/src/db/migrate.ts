import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the committed SQL migrations that have not run yet (forward-only, idempotent). */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // Both migrators run the same SQL files and keep the same journal table.
  if (database.kind === 'pglite') await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
}
