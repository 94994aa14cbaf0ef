// The candidate arms of a search (decision 0013): partial words after every prefix match, the cap
// with its page edge, and whole-word arms that never change an uncapped answer.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS } from '@crs/shared/schemas/library';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { searchBooks, searchPlanFor } from './search.repository.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await loginAs(t, ['Student'])).auth;
  // Partial-word matches stored before the prefix matches, so a scan meets them first.
  await t.ctx.db.execute(sql`
    insert into books (title, authors, subjects, copies_total, copies_available) values
      ('Zantiqorvex', array['C. Writer'], array['Misc'], 1, 1),
      ('Antiqorvex Studies', array['D. Writer'], array['Misc'], 1, 1),
      ('Applied Qorvexology', array['E. Writer'], array['Misc'], 1, 1),
      ('Field Guide', array['F. Qorvex'], array['Misc'], 1, 1),
      ('Qorvex Basics', array['G. Writer'], array['Misc'], 1, 1)`);
  // More whole-word title matches than the cap, and one book with a longer word only.
  await t.ctx.db.execute(sql`
    insert into books (title, authors, subjects, copies_total, copies_available)
    select 'Vorpal Tales ' || g, array['A. Writer'], array['Fiction'], 1, 1 from generate_series(1, 1050) g`);
  await t.ctx.db.execute(sql`
    insert into books (title, authors, subjects, copies_total, copies_available)
    values ('Vorpalism', array['B. Author'], array['Fiction'], 1, 1)`);
});
afterAll(() => t.close());

const search = async (q: string, extra = '') => {
  const res = await t.app.inject({ url: `/api/v1/library/books?q=${encodeURIComponent(q)}${extra}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { books: Book[]; total: number; capped: boolean };
};
const titles = (r: { books: Book[] }) => r.books.map((b) => b.title);

describe('search arms', () => {
  it('ranks partial-word matches after every prefix match, in title order', async () => {
    const r = await search('qorvex');
    expect(r).toMatchObject({ total: 5, capped: false });
    // Title prefix matches first, then the author match, then the partial words by title.
    expect(titles(r).slice(0, 2).sort()).toEqual(['Applied Qorvexology', 'Qorvex Basics']);
    expect(titles(r).slice(2)).toEqual(['Field Guide', 'Antiqorvex Studies', 'Zantiqorvex']);
  });

  it('caps a word in more titles than the cap, and never shows the extra candidate', async () => {
    const first = await search('vorpal', '&pageSize=5');
    expect(first).toMatchObject({ total: SEARCH_MAX_RESULTS, capped: true });
    expect(first.books.every((b) => b.title.toLowerCase().startsWith('vorpal'))).toBe(true);
    const last = await search('vorpal', `&pageSize=20&page=${SEARCH_MAX_RESULTS / 20}`);
    expect(last.books).toHaveLength(20);
    const past = await search('vorpal', `&pageSize=20&page=${SEARCH_MAX_RESULTS / 20 + 1}`);
    expect(past).toMatchObject({ books: [], total: SEARCH_MAX_RESULTS, capped: true });
  });

  it('runs on sessions whose sequential scans all start at the table\'s first page', async () => {
    // A synchronized scan starts where the last one reached: a capped search whose arm is a scan met
    // other rows each time, so the same request answered another page (decision 0013). At this
    // test's scale no scan is synchronized (the table is far below a quarter of the buffer pool);
    // the bench's 100k catalogue showed it. Every pooled connection gets the setting: ask several.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => t.ctx.db.execute(sql`select current_setting('synchronize_seqscans') as v, pg_sleep(0.05)`)),
    );
    for (const r of settings) expect((r as unknown as { rows: Array<{ v: string }> }).rows[0]!.v).toBe('off');
    const [a, b] = [await search('vorpal', '&pageSize=20&page=3'), await search('vorpal', '&pageSize=20&page=3')];
    expect(titles(a)).toEqual(titles(b));
  });

  it('reads a scanned row\'s searched columns first: they lead the table, before the shown ones', async () => {
    // A row is unpacked up to the last column a condition needs (migration 0014, decision 0013).
    const r = await t.ctx.db.execute(sql`
      select column_name as name from information_schema.columns where table_name = 'books' and ordinal_position <= 6 order by ordinal_position`);
    expect((r as unknown as { rows: Array<{ name: string }> }).rows.map((c) => c.name)).toEqual(['id', 'import_id', 'search_text', 'title_vector', 'search_vector', 'sort_title']);
  });

  it('keeps sort_title, what candidates sort by, as the lower-cased title through every write', async () => {
    const rows = async () =>
      ((await t.ctx.db.execute(sql`select title, sort_title from books where title ilike '%schrödinger%' order by sort_title`)) as unknown as { rows: Array<{ title: string; sort_title: string }> }).rows;
    await t.ctx.db.execute(sql`insert into books (title, copies_total, copies_available) values ('WHAT IS LIFE? SCHRÖDINGER', 1, 1)`);
    expect(await rows()).toEqual([{ title: 'WHAT IS LIFE? SCHRÖDINGER', sort_title: 'what is life? schrödinger' }]);
    await t.ctx.db.execute(sql`update books set title = 'Schrödinger''s Cat' where title = 'WHAT IS LIFE? SCHRÖDINGER'`);
    expect(await rows()).toEqual([{ title: "Schrödinger's Cat", sort_title: "schrödinger's cat" }]);
    expect(titles(await search('schrödinger'))).toEqual(["Schrödinger's Cat"]);
  });

  it('answers an uncapped search the same with and without the whole-word arms, the page in the arms or read by id', async () => {
    for (const q of ['qorvex', 'vorpalism', 'qorvex basics', 'antiqorvex', 'misc', 'author']) {
      const f = { q, page: 1, pageSize: 50 };
      const postgresql = await searchBooks(t.ctx.db, { ...f, ...searchPlanFor('postgresql') });
      expect(postgresql.total, q).toBeGreaterThan(0);
      expect(postgresql.capped, q).toBe(false);
      for (const wholeWords of [true, false]) {
        for (const pageInArms of [true, false]) expect(await searchBooks(t.ctx.db, { ...f, wholeWords, pageInArms }), q).toEqual(postgresql);
      }
    }
  });

  it('answers a capped search page for page the same with the page in the arms or read by id', async () => {
    for (const wholeWords of [true, false]) {
      for (const [page, pageSize] of [[1, 20], [7, 50], [SEARCH_MAX_RESULTS / 20, 20], [SEARCH_MAX_RESULTS / 20 + 1, 20]] as const) {
        const f = { q: 'vorpal', page, pageSize, wholeWords };
        const inArms = await searchBooks(t.ctx.db, { ...f, pageInArms: true });
        expect(inArms.capped).toBe(true);
        expect(inArms.rows).toHaveLength(page > SEARCH_MAX_RESULTS / 20 ? 0 : pageSize);
        expect(await searchBooks(t.ctx.db, { ...f, pageInArms: false }), `page ${page}`).toEqual(inArms);
      }
    }
  });
});
