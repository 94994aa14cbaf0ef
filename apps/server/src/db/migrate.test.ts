// Migrations on a new, empty database: every migration in the journal applied once, a second run a
// no-op, and on PostgreSQL two processes starting at once both finishing (MIGRATIONS_LOCK).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { openDatabase, queryRows } from './client.ts';
import type { Database } from './client.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const JOURNAL = (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries;

/** Registers a test on PostgreSQL only: the embedded database has one process. */
const itPostgres = ((name: string, fn: () => Promise<void>) => (PG_URL ? it(name, fn, 120_000) : undefined)) as (name: string, fn: () => Promise<void>) => void;

const applied = async (database: Database) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

/** `fn` with `count` handles on one new, empty database (a fresh PostgreSQL database, or PGlite in memory). */
async function onEmptyDatabase(count: number, fn: (handles: Database[]) => Promise<void>): Promise<void> {
  if (!PG_URL) {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      return await fn([database]);
    } finally {
      await database.close();
    }
  }
  const name = `crs_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handles = await Promise.all(Array.from({ length: count }, () => openDatabase({ kind: 'postgresql', url: withDatabase(PG_URL, name), max: 2 })));
  try {
    await fn(handles);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe('migrate', () => {
  it('applies every migration of the journal once, and a second run finds nothing to do', async () => {
    await onEmptyDatabase(1, async ([database]) => {
      await migrate(database!);
      expect(await applied(database!)).toBe(JOURNAL.length);
      await migrate(database!);
      expect(await applied(database!)).toBe(JOURNAL.length);
    });
    // A new database (PGlite's initdb) and every migration: ~8 s alone, up to 4× that while the
    // other database's run shares the two cores (CI runs both at once), as long as its sibling below.
  }, 120_000);

  itPostgres('lets two processes start at once on a new database: one migrates, the other waits and finds it done', async () => {
    await onEmptyDatabase(2, async ([a, b]) => {
      await Promise.all([migrate(a!), migrate(b!)]);
      expect(await applied(a!)).toBe(JOURNAL.length);
      const [books] = await queryRows<{ n: number }>(b!.db, sql`select count(*)::int as n from books`);
      expect(books!.n).toBe(0);
    });
  });
});
