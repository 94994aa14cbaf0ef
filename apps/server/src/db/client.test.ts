// The embedded database (decision 0056): PGlite in a thread of its own, reached through
// node-postgres like PostgreSQL. Its size is the data directory's on disk; connections to the one
// session take turns without mixing an exchange or a transaction; a connection that goes away
// mid-transaction leaves nothing behind; values reach drizzle as they do from PostgreSQL.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';
import type { Database } from './client.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'crs-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesBytes = (d: string): number =>
  readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? filesBytes(path.join(d, e.name)) : e.isFile() ? statSync(path.join(d, e.name)).size : 0), 0);

/** A second connection to the same embedded database, as a tool or a test would open one. */
async function connection(database: Database): Promise<pg.Client> {
  const client = new pg.Client({ stream: () => database.thread!.stream() } as pg.ClientConfig);
  client.on('error', () => {});
  await client.connect();
  return client;
}

describe('sizeBytes on PGlite', () => {
  it('is the data directory’s size on disk', async () => {
    // From the run's migrated dump where there is one (the PGlite run): a fresh initdb on disk is
    // ~7 s of this test on an idle machine and passed 30 s under CI's load; the dump loads in ~3.
    const dump = inject('pgliteDump');
    const database = await openDatabase({ kind: 'pglite', dataDir: dir, ...(dump ? { loadDataDir: readFileSync(dump) } : {}) });
    try {
      const before = await database.sizeBytes();
      expect(before).toBe(filesBytes(dir));
      await database.executeSql(`create table filler (t text); insert into filler select repeat('x', 1000) from generate_series(1, 5000); checkpoint;`);
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

describe('the embedded database in its thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => database?.close());

  it('hands drizzle values as PostgreSQL does, in and out of a transaction', async () => {
    const { db } = database;
    await database.executeSql('create table stamps (id int primary key, at timestamptz not null, "on" date not null)');
    const at = new Date('2026-11-26T18:29:59.123Z');
    await db.insert(stamps).values({ id: 1, at, on: '2026-11-27' });
    const [row] = await db.select().from(stamps).where(eq(stamps.id, 1));
    expect(row).toEqual({ id: 1, at, on: '2026-11-27' });
    const [raw] = await queryRows<{ at: unknown; on: unknown }>(db, sql`select at, "on" from stamps`);
    expect(raw).toEqual({ at: '2026-11-26 18:29:59.123+00', on: '2026-11-27' });
    const inside = await db.transaction(async (tx) => {
      await tx.update(stamps).set({ on: '2026-12-01' }).where(eq(stamps.id, 1));
      return [(await tx.select().from(stamps))[0], (await queryRows<{ at: unknown }>(tx, sql`select at from stamps`))[0]];
    });
    expect(inside).toEqual([{ id: 1, at, on: '2026-12-01' }, { at: '2026-11-26 18:29:59.123+00' }]);
    await expect(db.execute(sql`select nope`)).rejects.toMatchObject({ cause: { code: '42703' } });
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('lets no other connection into a transaction under way, and rolls back one whose connection goes away', async () => {
    const other = await connection(database);
    try {
      await database.executeSql('create table counter (n int not null); insert into counter values (0)');
      const seen: number[] = [];
      // The other connection's reads and writes, sent while the transaction runs, wait for its end.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`update counter set n = 1`);
        await held;
        await tx.execute(sql`update counter set n = 2`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = other.query<{ n: number }>('select n from counter').then((r) => seen.push(r.rows[0]!.n));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([]);
      release();
      await transaction;
      await read;
      expect(seen).toEqual([2]);

      // A connection that leaves inside its transaction: its writes are undone, the session is free.
      const leaving = await connection(database);
      await leaving.query('begin');
      await leaving.query('update counter set n = 99');
      leaving.connection.stream.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await other.query<{ n: number }>('select n from counter')).rows).toEqual([{ n: 2 }]);
      expect(await queryRows(database.db, sql`select n from counter`)).toEqual([{ n: 2 }]);
    } finally {
      await other.end();
    }
  });

  it('ends a gone connection’s session state before its successor starts: the successor prepares the same names', async () => {
    const first = await connection(database);
    const named = { name: 'crs_client_test_named', text: 'select $1::int + 1 as n', values: [1] };
    expect((await first.query<{ n: number }>(named)).rows).toEqual([{ n: 2 }]);
    first.connection.stream.destroy();
    // At once, as the pool replaces a dropped connection: the statement name is free again.
    const second = await connection(database);
    const ofThisTest = async () =>
      (await queryRows<{ name: string }>(database.db, sql`select name from pg_prepared_statements where name like ${'%_crs_client_test_named'} order by name`)).map((r) => r.name);
    try {
      expect((await second.query<{ n: number }>({ ...named, values: [41] })).rows).toEqual([{ n: 42 }]);
      // Each connection's statements are its own (renamed for it), and leave with it.
      expect(await ofThisTest()).toHaveLength(1);
    } finally {
      await second.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ofThisTest()).toEqual([]);
  });

  it('lets several connections prepare statements of one name side by side', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => connection(database)));
    try {
      const shared = (c: pg.Client, value: number) => c.query<{ n: number }>({ name: 'crs_client_test_shared', text: 'select $1::int * 10 as n', values: [value] });
      const answers = await Promise.all(clients.map(async (c, i) => [(await shared(c, i * 2 + 1)).rows[0]!.n, (await shared(c, i * 2 + 2)).rows[0]!.n]));
      expect(answers.flat()).toEqual([10, 20, 30, 40, 50, 60]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('keeps an extended-protocol exchange whole while another connection sends its own', async () => {
    const other = new pg.Pool({ max: 1, stream: () => database.thread!.stream() } as pg.PoolConfig);
    try {
      // Unnamed statements and portals live between Parse and Sync: 200 interleaved parameterised
      // queries from two connections each get their own answer.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? other.query<{ v: string }>('select $1::text as v', [`o${i}`]) : database.db.execute(sql`select ${`d${i}`}::text as v`)).then(
            (r) => (r as { rows: Array<{ v: string }> }).rows[0]!.v,
          ),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => `${i % 2 ? 'o' : 'd'}${i}`));
    } finally {
      await other.end();
    }
  });
});
