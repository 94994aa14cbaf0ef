import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsbn } from '@crs/shared/schemas/library';
import type { Loan } from '@crs/shared/schemas/library';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { COMMANDS } from '../../cli/commands.ts';
import { queryRows } from '../../db/client.ts';
import { backupTo, restoreFrom } from '../../db/backup.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { demoCatalogue, seedBooks } from './library.seed.ts';
import { seedDemoLibrary } from './library.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.db, query);

describe('library seed', () => {
  it('builds a deterministic demo catalogue of 300+ books with valid, unique ISBN-13s', () => {
    const books = demoCatalogue();
    expect(books.length).toBeGreaterThanOrEqual(300);
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
    expect(books.every((b) => b.isbn && b.isbn.length === 13 && isValidIsbn(b.isbn))).toBe(true);
    expect(new Set(books.flatMap((b) => b.subjects)).size).toBeGreaterThanOrEqual(12);
    expect(demoCatalogue()).toEqual(books);
    expect(books.map((b) => b.title)).toContain('Computer Networks');
  });

  it('seeds the catalogue with consistent copies: some books have no copy left', async () => {
    const [r] = await rows<{ books: number; empty: number; bad: number }>(sql`
      select count(*)::int as books,
        (count(*) filter (where copies_available = 0))::int as empty,
        (count(*) filter (where copies_total - copies_available <> (select count(*) from loans l where l.book_id = b.id and l.returned_on is null)))::int as bad
      from books b`);
    expect(r!.books).toBeGreaterThanOrEqual(300);
    expect(r!.empty).toBeGreaterThan(0);
    expect(r!.bad).toBe(0);
    expect(await seedDemoLibrary(t.ctx)).toBe(false);
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
    const counted = await backupTo(t.ctx.db, file);
    await t.ctx.db.execute(sql`delete from loans`);
    await t.ctx.db.execute(sql`delete from books`);
    expect((await rows<{ n: number }>(sql`select n::int from book_count`))[0]!.n).toBe(0);
    const restored = await restoreFrom(t.ctx.db, file);
    expect(restored).toEqual(counted);
    const [r] = await rows<{ n: number; counted: number; searchable: number }>(
      sql`select (select n::int from book_count) as n, count(*)::int as counted,
        (count(*) filter (where search_vector @@ to_tsquery('simple', 'comput:*')))::int as searchable from books`,
    );
    expect(r!.n).toBe(r!.counted);
    expect(r!.searchable).toBeGreaterThan(0);
  });
});
