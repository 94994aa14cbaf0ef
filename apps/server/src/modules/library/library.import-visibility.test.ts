// Staged visibility of book imports (decision 0016): batches are committed one by one, yet readers
// see all of an import or none of it; a failed or interrupted import leaves nothing.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { isbn13CheckDigit } from '@crs/shared/schemas/library';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, one, rows } from '../../../test/util.ts';
import { issue, multipart } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';
import { STALE_IMPORT_MINUTES, sweepStaleImports } from '../../lib/import/staged.ts';

let t: TestApp;
let desk: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
});
afterAll(() => t.close());

/** A word no other test (or earlier run) has used, so each test owns its books. */
const tag = () => `t${randomBytes(4).toString('hex')}`;

const upload = (content: string, dryRun = false) => {
  const { payload, headers } = multipart(content, 'books.csv');
  return t.app.inject({ method: 'POST', url: `/api/v1/library/books/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...desk, ...headers }, payload });
};
const search = async (q: string) => {
  const res = await t.app.inject({ url: `/api/v1/library/books?pageSize=10&q=${encodeURIComponent(q)}`, headers: desk });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { books: Book[]; total: number; capped: boolean };
};
const stats = async () => (await t.app.inject({ url: '/api/v1/library/stats', headers: desk })).json() as { books: number; copiesTotal: number };
/** The trigger-kept count must always equal the real one: cascades and batches keep it exact. */
const expectCountExact = async () =>
  expect(Number((await one<{ n: number }>(t.ctx, sql`select n from book_count`)).n)).toBe(await countRows(t.ctx, 'books'));
const pendingImports = () => countRows(t.ctx, 'book_imports', "state = 'pending'");

describe('book import: staged visibility', () => {
  it('while 5,000 books are written in batches, readers see none of them or all of them, never a part', async () => {
    const w = tag(); // in every row
    const few = tag(); // in every 20th row: 250 books, under the search cap
    const csv = ['title,authors,isbn', ...Array.from({ length: 5000 }, (_, i) => `Staged ${w}${i % 20 === 0 ? ` ${few}` : ''} ${i},Author ${i},`)].join('\n');
    const before = (await search('')).total;
    const importing = upload(csv);
    let done = false;
    void importing.finally(() => (done = true));
    const pendingRows = async () =>
      Number((await one<{ n: number }>(t.ctx, sql`select coalesce(sum(rows), 0)::int as n from book_imports where state = 'pending'`)).n);
    const seen: { during: boolean; word: number; few: number; all: number; desk: number }[] = [];
    while (!done) {
      // Let timers and I/O run between polls, as real clients' requests do (each arrives as I/O):
      // inject calls that never wait for I/O would starve the import's worker-thread replies.
      await new Promise((r) => setImmediate(r));
      // Books written by the import and still pending both before and after the searches: then the
      // searches ran between two committed batches, while the import was pending.
      const writtenBefore = await pendingRows();
      const [word, fewWord, all, s] = [await search(w), await search(few), await search(''), await stats()];
      const during = writtenBefore > 0 && (await pendingRows()) > 0;
      seen.push({ during, word: word.total, few: fewWord.total, all: all.total - before, desk: s.books - before });
    }
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 5000, skipped: 0 });
    for (const s of seen) {
      expect([0, 1000]).toContain(s.word); // 5,000 matches show as the capped 1,000
      expect([0, 250]).toContain(s.few);
      expect([0, 5000]).toContain(s.all);
      expect([0, 5000]).toContain(s.desk);
    }
    const between = seen.filter((s) => s.during);
    expect(between.length, JSON.stringify(seen.slice(0, 5))).toBeGreaterThan(0);
    expect(between.every((s) => s.word === 0 && s.few === 0 && s.all === 0 && s.desk === 0)).toBe(true);
    expect((await search(few)).total).toBe(250);
    expect((await search('')).total).toBe(before + 5000);
    expect(await pendingImports()).toBe(0);
    const [imp] = await rows<{ state: string; rows: number }>(
      t.ctx,
      sql`select i.state, i.rows from book_imports i join books b on b.import_id = i.id where b.title = ${`Staged ${w} ${few} 0`}`,
    );
    expect(imp).toEqual({ state: 'committed', rows: 5000 });
    await expectCountExact();
  });

  it('a write failing in its last batch leaves no book and no pending import', async () => {
    const w = tag();
    const csv = ['title,authors', ...Array.from({ length: 600 }, (_, i) => `${i === 599 ? 'Boom' : 'Doomed'} ${w} ${i},Author ${i}`)].join('\n');
    // A real failure inside the database, on the 600th row: in the last batch, after the others committed.
    await t.ctx.db.execute(sql`create function crs_test_boom() returns trigger language plpgsql as $$
      begin if new.title like 'Boom %' then raise exception 'boom'; end if; return new; end $$`);
    await t.ctx.db.execute(sql`create trigger crs_test_boom before insert on books for each row execute function crs_test_boom()`);
    const before = await countRows(t.ctx, 'books');
    try {
      const res = await upload(csv);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger crs_test_boom on books`);
      await t.ctx.db.execute(sql`drop function crs_test_boom()`);
    }
    expect(await countRows(t.ctx, 'books')).toBe(before);
    expect(await countRows(t.ctx, 'books', `title like '%${w}%'`)).toBe(0);
    expect(await pendingImports()).toBe(0);
    await expectCountExact();
    // Nothing blocks the next import of the same file (now without the failure).
    const again = await upload(csv);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 600 });
    await expectCountExact();
  });

  it("a pending import's books are hidden everywhere, its keys are taken, a second import is 409; a crash's leftovers are cleaned at start", async () => {
    const w = tag();
    const first12 = `97800${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const isbn = first12 + isbn13CheckDigit(first12);
    const before = { list: (await search('')).total, desk: await stats(), books: await countRows(t.ctx, 'books') };
    // What a crash mid-import leaves: a pending import and a batch of its books, written directly.
    const [imp] = await rows<{ id: string }>(t.ctx, sql`insert into book_imports (state, rows) values ('pending', 1) returning id`);
    const [hidden] = await rows<{ id: string }>(
      t.ctx,
      sql`insert into books (title, isbn, copies_total, copies_available, import_id) values (${`Hidden ${w}`}, ${isbn}, 3, 3, ${imp!.id}) returning id`,
    );
    try {
      expect((await search(w)).total).toBe(0);
      expect((await search(isbn)).total).toBe(0);
      expect((await search('')).total).toBe(before.list);
      expect(await stats()).toMatchObject({ books: before.desk.books, copiesTotal: before.desk.copiesTotal });
      expect((await t.app.inject({ url: `/api/v1/library/books/${hidden!.id}`, headers: desk })).statusCode).toBe(404);
      const student = await loginAs(t, ['Student']);
      const lent = await issue(t, desk, hidden!.id, student.user.id);
      expect(lent.statusCode).toBe(404);
      expect(lent.json()).toEqual({ message: MSG.bookNotFound, code: 'BOOK_NOT_FOUND' });
      const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${hidden!.id}`, headers: desk, payload: { copiesTotal: 5 } });
      expect(edit.statusCode).toBe(404);
      // Its key is taken: the preview skips it.
      const preview = await upload(`title,isbn\nSame ISBN ${w},${isbn}\nFresh ${w},\n`, true);
      expect(preview.json()).toMatchObject({ created: 1, skipped: 1 });
      // Only one import is written at a time.
      const second = await upload(`title\nFresh ${w}\n`);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: MSG.importInProgress, code: 'IMPORT_IN_PROGRESS' });
      expect(await countRows(t.ctx, 'books')).toBe(before.books + 1);
    } finally {
      // A fresh pending import may be another process's running one: the hourly sweep and other
      // processes sharing PostgreSQL leave it alone; the embedded database's start removes it.
      expect(await sweepStaleImports(t.ctx.db, new Date())).toBe(0);
      expect(await sweepStaleImports(t.ctx.db, new Date(), 0)).toBe(1);
    }
    expect(await pendingImports()).toBe(0);
    expect(await countRows(t.ctx, 'books')).toBe(before.books);
    expect(await countRows(t.ctx, 'book_imports', `id = '${imp!.id}'`)).toBe(0);
    await expectCountExact();
    const after = await upload(`title\nFresh ${w}\n`);
    expect(after.statusCode, after.body).toBe(200);
    expect((await search(w)).total).toBe(1);
    expect(await sweepStaleImports(t.ctx.db, new Date(), 0)).toBe(0); // committed imports are never touched
    expect((await search(w)).total).toBe(1);
  });

  it('the hourly sweep removes a pending import older than any real import, with its books', async () => {
    const w = tag();
    const [imp] = await rows<{ id: string }>(
      t.ctx,
      sql`insert into book_imports (state, rows, started_at) values ('pending', 1, now() - make_interval(mins => ${STALE_IMPORT_MINUTES + 1})) returning id`,
    );
    await rows(t.ctx, sql`insert into books (title, copies_total, copies_available, import_id) values (${`Stale ${w}`}, 1, 1, ${imp!.id}) returning id`);
    expect(await sweepStaleImports(t.ctx.db, new Date())).toBe(1);
    expect(await countRows(t.ctx, 'books', `title = 'Stale ${w}'`)).toBe(0);
    expect(await countRows(t.ctx, 'book_imports', `id = '${imp!.id}'`)).toBe(0);
  });
});
