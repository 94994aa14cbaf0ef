// The embedded database's size (SuperAdmin's 'DB size' card): on disk it is what the data
// directory holds, so it grows as rows are written and matches a walk of the files. And how the
// embedded database hands values to drizzle: its parsers are set once, not passed with each query.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'crs-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesBytes = (d: string): number =>
  readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? filesBytes(path.join(d, e.name)) : e.isFile() ? statSync(path.join(d, e.name)).size : 0), 0);

describe('sizeBytes on PGlite', () => {
  it('is the data directory’s size on disk', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const before = await database.sizeBytes();
      expect(before).toBe(filesBytes(dir));
      await database.pglite!.exec(`create table filler (t text); insert into filler select repeat('x', 1000) from generate_series(1, 5000); checkpoint;`);
      const after = await database.sizeBytes();
      expect(after).toBeGreaterThan(before);
      expect(after).toBe(filesBytes(dir));
    } finally {
      await database.close();
    }
  });
});

const stamps = pgTable('stamps', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  on: date('on').notNull(),
});

describe('values on PGlite', () => {
  it('reach drizzle as its own parsers would give them, without per-query parsers, in and out of a transaction', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const { db, pglite } = database;
      await pglite!.exec('create table stamps (id int primary key, at timestamptz not null, "on" date not null)');
      const at = new Date('2026-11-26T18:29:59.123Z');
      await db.insert(stamps).values({ id: 1, at, on: '2026-11-27' });

      const options: unknown[] = [];
      const query = pglite!.query.bind(pglite);
      pglite!.query = ((text: string, params?: unknown[], opts?: Record<string, unknown>) => (options.push(opts), query(text, params, opts))) as typeof query;
      const [row] = await db.select().from(stamps).where(eq(stamps.id, 1));
      expect(row).toEqual({ id: 1, at, on: '2026-11-27' });
      expect(options).toHaveLength(1);
      expect(options[0]).not.toHaveProperty('parsers');
      // Raw rows keep PostgreSQL's text for dates and timestamps, as drizzle's parsers did.
      const [raw] = await queryRows<{ at: unknown; on: unknown }>(db, sql`select at, "on" from stamps`);
      expect(raw).toEqual({ at: '2026-11-26 18:29:59.123+00', on: '2026-11-27' });
      pglite!.query = query;

      const inside = await db.transaction(async (tx) => {
        await tx.update(stamps).set({ on: '2026-12-01' }).where(eq(stamps.id, 1));
        return [(await tx.select().from(stamps))[0], (await queryRows<{ at: unknown }>(tx, sql`select at from stamps`))[0]];
      });
      expect(inside).toEqual([{ id: 1, at, on: '2026-12-01' }, { at: '2026-11-26 18:29:59.123+00' }]);
    } finally {
      await database.close();
    }
  });
});
