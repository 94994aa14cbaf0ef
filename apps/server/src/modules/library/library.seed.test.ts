import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsbn } from '@crs/shared/schemas/library';
import type { Hold, Loan } from '@crs/shared/schemas/library';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { COMMANDS } from '../../cli/commands.ts';
import { queryRows } from '../../db/client.ts';
import { backupTo, restoreFrom } from '../../db/backup.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { demoCatalogue, seedBooks, syntheticBook } from './library.seed.ts';
import { seedDemoLibrary } from './library.service.ts';
import { PUBLISHER_PREFIX, SUBJECT_AREAS } from './library.seed-catalogue.ts';
import type { NewBook } from './books.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.db, query);

describe('library seed', () => {
  it('builds a deterministic demo catalogue of 300+ books with valid, unique ISBN-13s of their publishers', () => {
    const books = demoCatalogue();
    expect(books.length).toBeGreaterThanOrEqual(300);
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
    expect(new Set(books.map((b) => b.title)).size).toBe(books.length);
    expect(books.every((b) => b.isbn && b.isbn.length === 13 && isValidIsbn(b.isbn))).toBe(true);
    expect(books.filter((b) => !b.isbn!.startsWith(PUBLISHER_PREFIX[b.publisher as keyof typeof PUBLISHER_PREFIX]))).toEqual([]);
    expect(new Set(books.map((b) => b.subjects[1])).size).toBe(SUBJECT_AREAS.length);
    expect(demoCatalogue()).toEqual(books);
    // The titles the demo loans and the browser tests use.
    for (const title of ['Computer Networks', 'Operating Systems', 'Data Structures and Algorithms', 'Network Analysis']) {
      expect(books.map((b) => b.title)).toContain(title);
    }
  });

  it('files every book, demo or synthetic, only under its own topic and that topic\'s area', () => {
    const areaOf = new Map(SUBJECT_AREAS.map((a) => [a.subject, a]));
    const topics = SUBJECT_AREAS.flatMap((a) => Object.keys(a.topics));
    // A topic belongs to one area only, so a subject names one shelf.
    expect(new Set(topics).size).toBe(topics.length);
    expect(topics.filter((t) => areaOf.has(t))).toEqual([]);
    const misfiled = (b: NewBook) => {
      const [topic, subject, ...more] = b.subjects;
      const area = areaOf.get(subject!);
      return more.length > 0 || !area || !(topic! in area.topics);
    };
    const synthetic = Array.from({ length: 20_000 }, (_, i) => syntheticBook(i + 1));
    expect(demoCatalogue().filter(misfiled)).toEqual([]);
    expect(synthetic.filter(misfiled)).toEqual([]);
    // A synthetic title is built on its topic and published by one of its area's publishers.
    expect(synthetic.filter((b) => !b.title.includes(b.subjects[0]!))).toEqual([]);
    expect(synthetic.filter((b) => !areaOf.get(b.subjects[1]!)!.publishers.includes(b.publisher as never))).toEqual([]);
    expect(synthetic.filter((b) => b.title.startsWith('Quasicrystals')).every((b) => b.subjects[1] === 'Physics')).toBe(true);

    // Pairs a user once found in the demo catalogue, and their kind: a title word and a subject it never goes with.
    const wrong: Array<[RegExp, string]> = [
      [/genetic/i, 'English Literature'],
      [/linear integrated circuits/i, 'English Literature'],
      [/genetic|circuit|thermodynamic|algorithm|concrete|microbiology/i, 'Humanities'],
      [/shakespear|malgudi|grammar/i, 'Computer Science'],
      [/genetic|microbiology|immunology/i, 'Electronics and Communication'],
    ];
    const all = [...demoCatalogue(), ...synthetic];
    for (const [word, subject] of wrong) {
      expect(all.filter((b) => word.test(b.title) && b.subjects.includes(subject)).map((b) => b.title)).toEqual([]);
    }
    expect(all.filter((b) => /integrated circuits/i.test(b.title)).every((b) => b.subjects.includes('Electronics and Communication'))).toBe(true);
    expect(all.filter((b) => /genetic/i.test(b.title)).every((b) => b.subjects.includes('Biotechnology'))).toBe(true);
  });

  it('seeds the catalogue with consistent copies: some books have no copy left', async () => {
    const [r] = await rows<{ books: number; empty: number; bad: number }>(sql`
      select count(*)::int as books,
        (count(*) filter (where copies_available = 0))::int as empty,
        (count(*) filter (where copies_total - copies_available <> (select count(*) from loans l where l.book_id = b.id and l.returned_on is null)
          + (select count(*) from library_copies c where c.book_id = b.id and c.status = 'on_hold_shelf')))::int as bad
      from books b`);
    expect(r!.books).toBeGreaterThanOrEqual(300);
    expect(r!.empty).toBeGreaterThan(0);
    expect(r!.bad).toBe(0);
    expect(await seedDemoLibrary(t.ctx)).toBe(false);
  });

  it('numbers every demo copy in the college register (CRSIET-…), on a shelf, bought in a batch; one copy lost on loan owes its replacement', async () => {
    const [c] = await rows<{ copies: number; numbered: number; shelved: number; counted: number }>(sql`
      select count(*)::int as copies,
        (count(*) filter (where accession ~ '^CRSIET-[0-9]{6}$'))::int as numbered,
        (count(*) filter (where shelf is not null and batch is not null and price_paise > 0 and acquired_on is not null))::int as shelved,
        (select sum(copies_total)::int from books where isbn not like '9798%') as counted
      from library_copies c join books b on b.id = c.book_id where b.isbn not like '9798%' and c.status not in ('lost', 'withdrawn')`);
    expect(c!.copies).toBe(c!.counted);
    expect(c!.numbered).toBe(c!.copies);
    expect(c!.shelved).toBe(c!.copies);
    // Every loan went out on a copy of its own book; every open loan's copy is on loan.
    const [l] = await rows<{ wrong: number; out: number }>(sql`
      select (count(*) filter (where c.book_id <> l.book_id))::int as wrong,
        (count(*) filter (where l.returned_on is null and c.status <> 'on_loan'))::int as out
      from loans l join library_copies c on c.id = l.copy_id`);
    expect(l).toEqual({ wrong: 0, out: 0 });
    const lost = await rows<{ fine_paise: number; price_paise: number; fine_kind: string }>(sql`
      select l.fine_paise, c.price_paise, l.fine_kind from loans l join library_copies c on c.id = l.copy_id where c.status = 'lost'`);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ fine_kind: 'replacement', fine_paise: lost[0]!.price_paise + 2000 });
  });

  it('seeds the catalogue as built, lends other students books of their own department, and leaves the e2e titles on the shelf', async () => {
    // Synthetic books (a later test adds them) have ISBNs in 979-8; the demo's never do.
    const seeded = await rows<{ title: string; subjects: string[]; isbn: string; publisher: string }>(sql`select title, subjects, isbn, publisher from books where isbn not like '9798%' order by isbn`);
    const built = demoCatalogue().map(({ title, subjects, isbn, publisher }) => ({ title, subjects, isbn, publisher }));
    expect(seeded).toEqual(built.sort((a, b) => a.isbn!.localeCompare(b.isbn!)));

    const departments = await rows<{ department: string }>(sql`select distinct department from users where 'Student' = any(roles)`);
    expect(departments.filter((d) => !SUBJECT_AREAS.some((a) => a.department === d.department))).toEqual([]);
    const lent = await rows<{ department: string; email: string; subjects: string[] | null }>(sql`
      select u.department, u.email, b.subjects from loans l join users u on u.id = l.user_id left join books b on b.id = l.book_id`);
    expect(lent.filter((l) => l.subjects === null)).toEqual([]);
    const offShelf = lent.filter((l) => l.email !== 'student@demo.crs' && !l.subjects!.includes(SUBJECT_AREAS.find((a) => a.department === l.department)!.subject));
    expect(offShelf).toEqual([]);
    expect(lent.length).toBeGreaterThan(20);

    // The browser tests borrow these and the desk issues them: a copy must be on the shelf.
    const shelf = await rows<{ title: string; copies_available: number }>(sql`select title, copies_available from books where title in ('Network Analysis', 'Computer Networks')`);
    expect(shelf).toHaveLength(2);
    expect(shelf.every((b) => b.copies_available > 0)).toBe(true);
  });

  it('gives student@demo.crs a copy waiting on the hold shelf (another student behind) and a hold waiting first in line', async () => {
    const { token } = await login(t.app, 'student@demo.crs', DEMO_PASSWORD);
    const { holds } = (await t.app.inject({ url: '/api/v1/library/holds/me', headers: { authorization: `Bearer ${token}` } })).json() as { holds: Hold[] };
    expect(holds.map((h) => [h.status, h.position])).toEqual([['ready', null], ['waiting', 1]]);
    expect(holds[0]!.accession).toMatch(/^CRSIET-/);
    // The demo notifications name this title (notifications.seed.ts).
    expect(holds[0]!.book.title).toBe('Electronic Devices and Circuits');
    const [queue] = await rows<{ behind: number; shelf: string }>(sql`
      select (select count(*)::int from library_holds q where q.book_id = h.book_id and q.status = 'waiting') as behind, c.status as shelf
      from library_holds h join library_copies c on c.id = h.copy_id where h.status = 'ready'`);
    expect(queue).toEqual({ behind: 1, shelf: 'on_hold_shelf' });
  });

  it('gives student@demo.crs one loan on hand, one overdue with a fine, one returned', async () => {
    const { token } = await login(t.app, 'student@demo.crs', DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const { loans } = (await t.app.inject({ url: '/api/v1/library/loans', headers: auth })).json() as { loans: Loan[] };
    expect(loans.map((l) => l.status)).toEqual(['overdue', 'active', 'returned']);
    expect(loans[0]).toMatchObject({ book: { title: 'Operating Systems' }, daysOverdue: 6, fineAccrued: 12 });
    expect((await t.app.inject({ url: '/api/v1/library/fines', headers: auth })).json()).toEqual({ total: 12, overdue: 1 });
    expect((await t.app.inject({ url: '/api/v1/library/summary', headers: auth })).json()).toMatchObject({ activeLoans: 2, overdueLoans: 1 });
    const [others] = await rows<{ n: number }>(sql`select count(distinct user_id)::int as n from loans`);
    expect(others!.n).toBeGreaterThan(3);
  });

  it('bulk-seeds synthetic books in batches, numbering ISBNs after an earlier run', async () => {
    const before = (await rows<{ n: number }>(sql`select n::int from book_count`))[0]!.n;
    expect(await seedBooks(t.ctx.db, { count: 1200, batchSize: 500 })).toBe(1200);
    expect(await COMMANDS['db:seed-books']!.run(t.ctx, ['--count', '300'])).toMatch(/^Added 300 books/);
    const [r] = await rows<{ n: number; counted: number; isbns: number }>(
      sql`select (select n::int from book_count) as n, count(*)::int as counted, count(distinct isbn)::int as isbns from books`,
    );
    expect(r).toEqual({ n: before + 1500, counted: before + 1500, isbns: before + 1500 });
    const res = await t.app.inject({ url: '/api/v1/library/books?q=', headers: { authorization: `Bearer ${(await login(t.app, 'student@demo.crs', DEMO_PASSWORD)).token}` } });
    expect(res.json().total).toBe(before + 1500);
    await expect(COMMANDS['db:seed-books']!.run(t.ctx, ['--count', 'x'])).rejects.toThrow(/--count/);
  });

  it('survives a backup and restore: books, loans, settings and the book count', async () => {
    const file = path.join(t.dataDir, 'library.backup');
    const counted = await backupTo(t.ctx.db, t.ctx.store, file);
    await t.ctx.db.execute(sql`delete from loans`);
    await t.ctx.db.execute(sql`delete from books`);
    expect((await rows<{ n: number }>(sql`select n::int from book_count`))[0]!.n).toBe(0);
    const restored = await restoreFrom(t.ctx.db, t.ctx.store, file);
    expect(restored).toEqual(counted);
    const [r] = await rows<{ n: number; counted: number; searchable: number }>(
      sql`select (select n::int from book_count) as n, count(*)::int as counted,
        (count(*) filter (where search_vector @@ to_tsquery('simple', 'comput:*')))::int as searchable from books`,
    );
    expect(r!.n).toBe(r!.counted);
    expect(r!.searchable).toBeGreaterThan(0);
  });
});
