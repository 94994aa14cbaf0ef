// lib/import's staged imports on a real database: the one write (batches, commit, 409, clean-up on
// failure) and the one sweep over every staging table (decision 0016).
import { and, count as countOf, like, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { queryRows } from '../../db/client.ts';
import type { Executor, Schema } from '../../db/client.ts';
import { alumniImports } from '../../db/schema/alumni.ts';
import { bookImports, books } from '../../db/schema/library.ts';
import { freshDatabase } from '../../../test/helper.ts';
import type { TestDb } from '../../../test/helper.ts';
import { openImport, STALE_IMPORT_MINUTES, sweepStaleImports, writeStaged } from './staged.ts';
import type { StagedPlan } from './staged.ts';
import { stagingTables, visibleRows } from './staging-table.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.drop());

const db = () => t.database.db;
const rows = <T>(q: SQL) => queryRows<T>(db(), q);
const count = async (q: SQL) => Number((await rows<{ n: number }>(q))[0]!.n);
const booksTitled = (prefix: string) => count(sql`select count(*)::int as n from books where title like ${`${prefix}%`}`);
/** Books written, hidden or not (through `on`, as below). */
const writtenBooksTitled = async (on: Executor, prefix: string) => (await on.select({ n: countOf() }).from(books).where(like(books.title, `${prefix}%`)))[0]!.n;
/** Books a reader sees (through `on`: inside a batch's transaction it must be that transaction). */
const visibleBooksTitled = async (on: Executor, prefix: string) =>
  (await on.select({ n: countOf() }).from(books).where(and(like(books.title, `${prefix}%`), visibleRows(books.importId, bookImports))))[0]!.n;
const pendingBookImports = () => count(sql`select count(*)::int as n from book_imports where state = 'pending'`);

/** Inserts books titled `${prefix} ${i}` under the import; a title 'Boom' fails the statement (a CHECK). */
const insertBooks = async (tx: Executor, titles: string[], importId: string) => {
  let n = 0;
  for (const title of titles) {
    await tx.execute(sql`insert into books (title, copies_total, copies_available, import_id) values (${title}, 1, ${title.startsWith('Boom') ? 2 : 1}, ${importId})`);
    n++;
  }
  return n;
};

type Seen = { writtenDuring: number[]; visibleDuring: number[]; after: number };
const plan = (titles: string[], seen: Seen = { writtenDuring: [], visibleDuring: [], after: 0 }): StagedPlan<Schema, string> => ({
  batchSize: 2,
  prepare: async () => ({ rows: titles, commit: async (_tx, created) => ({ created, updated: 0 }) }),
  insert: async (tx, batch, importId) => {
    // What the batches before this one committed, and what of it readers see.
    const prefix = titles[0]!.split(' ')[0]!;
    seen.writtenDuring.push(await writtenBooksTitled(tx, prefix));
    seen.visibleDuring.push(await visibleBooksTitled(tx, prefix));
    return insertBooks(tx, batch, importId);
  },
  after: async () => {
    seen.after++;
  },
});

describe('staging tables', () => {
  it('every table the factory made is listed for the sweep', () => {
    expect(stagingTables()).toEqual(expect.arrayContaining([bookImports, alumniImports]));
  });
});

describe('writeStaged', () => {
  it('writes in committed batches hidden until one commit shows them all; counts them on the import', async () => {
    const seen: Seen = { writtenDuring: [], visibleDuring: [], after: 0 };
    const titles = ['Alpha 1', 'Alpha 2', 'Alpha 3', 'Alpha 4', 'Alpha 5'];
    expect(await writeStaged(db(), bookImports, null, plan(titles, seen))).toEqual({ created: 5, updated: 0 });
    // Before the 2nd and 3rd batch, 2 and 4 rows were committed, yet none was visible.
    expect(seen.writtenDuring).toEqual([0, 2, 4]);
    expect(seen.visibleDuring).toEqual([0, 0, 0]);
    expect(await visibleBooksTitled(db(), 'Alpha')).toBe(5);
    expect(seen.after).toBe(1);
    const [imp] = await rows<{ state: string; rows: number }>(sql`select i.state, i.rows from book_imports i join books b on b.import_id = i.id where b.title = 'Alpha 1'`);
    expect(imp).toEqual({ state: 'committed', rows: 5 });
  });

  it('a second import while one is pending is 409 and writes nothing', async () => {
    const open = (await openImport(db(), bookImports, null))!;
    try {
      await expect(writeStaged(db(), bookImports, null, plan(['Beta 1']))).rejects.toMatchObject({ statusCode: 409, code: 'IMPORT_IN_PROGRESS', message: MSG.importInProgress });
      expect(await booksTitled('Beta')).toBe(0);
      // Another staging table has its own pending import.
      expect(await openImport(db(), alumniImports, null)).toEqual(expect.any(String));
    } finally {
      await sweepStaleImports(db(), new Date(), 0);
    }
    expect(open).toEqual(expect.any(String));
  });

  it('a failure after committed batches deletes the import and every row it wrote, and nothing is called after', async () => {
    const seen: Seen = { writtenDuring: [], visibleDuring: [], after: 0 };
    await expect(writeStaged(db(), bookImports, null, plan(['Gamma 1', 'Gamma 2', 'Gamma 3', 'Boom 4'], seen))).rejects.toThrow();
    expect(seen.writtenDuring).toEqual([0, 2]);
    expect(await booksTitled('Gamma')).toBe(0);
    expect(await pendingBookImports()).toBe(0);
    expect(seen.after).toBe(0);
  });

  it('writing nothing still commits (a re-import of stored rows) and skips `after`', async () => {
    const seen: Seen = { writtenDuring: [], visibleDuring: [], after: 0 };
    const empty: StagedPlan<Schema, string> = { ...plan(['Delta'], seen), prepare: async () => ({ rows: [], commit: async (_tx, created) => ({ created, updated: 0 }) }) };
    expect(await writeStaged(db(), bookImports, null, empty)).toEqual({ created: 0, updated: 0 });
    expect(seen).toEqual({ writtenDuring: [], visibleDuring: [], after: 0 });
    expect(await pendingBookImports()).toBe(0);
  });
});

describe('sweepStaleImports', () => {
  it('deletes, in every staging table, the pending imports started the stale time before `now`, with their rows; never a committed one', async () => {
    const started = new Date('2026-01-10T08:00:00Z');
    const at = (minutes: number) => new Date(started.getTime() + minutes * 60_000);
    const [book] = await rows<{ id: string }>(sql`insert into book_imports (state, started_at) values ('pending', ${started.toISOString()}) returning id`);
    await rows(sql`insert into book_imports (state, started_at) values ('committed', ${at(-10_000).toISOString()}) returning id`);
    await rows(sql`insert into books (title, copies_total, copies_available, import_id) values ('Stale book', 1, 1, ${book!.id}) returning id`);
    const [alumnus] = await rows<{ id: string }>(sql`insert into alumni_imports (state, started_at) values ('pending', ${started.toISOString()}) returning id`);
    await rows(sql`insert into alumni (name, import_id) values ('Stale alumnus', ${alumnus!.id}) returning id`);
    const committed = () => count(sql`select count(*)::int as n from book_imports where state = 'committed'`);
    const before = await committed();

    expect(await sweepStaleImports(db(), at(STALE_IMPORT_MINUTES - 1))).toBe(0);
    expect(await sweepStaleImports(db(), at(STALE_IMPORT_MINUTES))).toBe(2);
    expect(await booksTitled('Stale book')).toBe(0);
    expect(await count(sql`select count(*)::int as n from alumni where name = 'Stale alumnus'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from alumni_imports where state = 'pending'`)).toBe(0);
    expect(await committed()).toBe(before);
    // 0: every pending import, however fresh (the embedded database's start).
    await openImport(db(), bookImports, null);
    expect(await sweepStaleImports(db(), started, 0)).toBe(1);
    expect(await sweepStaleImports(db(), at(1_000_000), 0)).toBe(0);
    expect(await committed()).toBe(before);
  });
});
