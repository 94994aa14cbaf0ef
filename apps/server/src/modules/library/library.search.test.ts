// Ranking of a search with more matches than the candidate cap (SEARCH_MAX_RESULTS).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS } from '@crs/shared/schemas/library';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await loginAs(t, ['Student'])).auth;
  // 1100 books with the word only in a subject, stored before the one that has it in its title.
  await t.ctx.db.execute(sql`
    insert into books (title, authors, subjects, copies_total, copies_available)
    select 'Field Notes ' || g, array['A. Writer'], array['Zephyrology'], 1, 1 from generate_series(1, 1100) g`);
  await t.ctx.db.execute(sql`
    insert into books (title, authors, subjects, copies_total, copies_available)
    values ('Zephyrology: A Primer', array['B. Author'], array['Meteorology'], 2, 2)`);
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await t.app.inject({ url: `/api/v1/library/books?q=${encodeURIComponent(q)}&pageSize=5`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { books: Book[]; total: number; capped: boolean };
};

describe('search ranking beyond the cap', () => {
  it('puts a title match first even when more books match elsewhere than the cap holds', async () => {
    const r = await search('zephyrology');
    expect(r.capped).toBe(true);
    expect(r.total).toBe(SEARCH_MAX_RESULTS);
    expect(r.books[0]?.title).toBe('Zephyrology: A Primer');
    expect(r.books.slice(1).every((b) => b.subjects.includes('Zephyrology'))).toBe(true);
  });

  it('does the same for a prefix', async () => {
    expect((await search('zephyr')).books[0]?.title).toBe('Zephyrology: A Primer');
  });
});
