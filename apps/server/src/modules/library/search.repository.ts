import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SEARCH_MAX_RESULTS } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { bookCount, books } from '../../db/schema/library.ts';
import { BOOK_COLUMNS, CATALOGUE_ORDER, pendingImportRows, VISIBLE_BOOK } from './books.repository.ts';
import type { BookView } from './books.repository.ts';

// Catalogue search: ranked word prefixes, partial words, the exact catalogue count (decision 0013).

/**
 * Splits a search into lower-case word tokens. Something that looks like an ISBN
 * ('978-0-13-4685…') stays one token, so it matches the stored normalized ISBN by prefix.
 */
export function searchTokens(q: string): string[] {
  const text = q.toLowerCase().normalize('NFC');
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d{3,}x?$/.test(compact)) return [compact];
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Catalogue search. Every token must match, either as a word prefix through the weighted
 * tsvector (GIN, `comput:*`) or — for tokens of 3+ characters — anywhere inside a word through
 * pg_trgm on search_text ('puter' finds 'Computer'). At most SEARCH_MAX_RESULTS matches are
 * ranked — ts_rank (title > authors > subjects/tags > publisher/ISBN, shorter records first),
 * then title — so the cost stays bounded however broad the query; `capped` says there were more.
 * An empty query lists the catalogue by title (index order) with the exact count from book_count.
 * Books of a pending import are never found or counted (VISIBLE_BOOK).
 */
export async function searchBooks(
  db: Executor,
  f: { q: string; page: number; pageSize: number },
): Promise<{ rows: BookView[]; total: number; capped: boolean }> {
  const offset = (f.page - 1) * f.pageSize;
  const tokens = searchTokens(f.q);
  if (tokens.length === 0) {
    const [rows, [total]] = await Promise.all([
      db.select(BOOK_COLUMNS).from(books).where(VISIBLE_BOOK).orderBy(...CATALOGUE_ORDER).limit(f.pageSize).offset(offset),
      db.select({ n: sql<number>`${bookCount.n} - ${pendingImportRows}` }).from(bookCount).where(eq(bookCount.id, 1)),
    ]);
    return { rows, total: Number(total?.n ?? 0), capped: false };
  }
  const tsquery = sql`to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  const cap = SEARCH_MAX_RESULTS + 1;
  // Word-prefix matches come in tiers, each fetched with its own LIMIT. The planner's estimate for
  // a tsvector match is exact, so it picks the right plan for each: the GIN index for a selective
  // word, a scan that stops at the cap for one most books contain.
  // 1. Title matches alone. When they fill the cap, no other book can reach the first 1000.
  const inTitle = sql`select * from ${books} where ${books.titleVector} @@ ${tsquery} and ${VISIBLE_BOOK} limit ${cap}`;
  const byTitle = await rankPage(db, inTitle, tsquery, offset, f.pageSize);
  if (byTitle.found >= cap) return byTitle.result;
  // 2. Every title match, plus matches in any field up to the cap: a title match is never crowded
  //    out of the candidates by books that have the word only in a subject or publisher.
  const prefix = sql`(${inTitle}) union (select * from ${books} where ${books.searchVector} @@ ${tsquery} and ${VISIBLE_BOOK} limit ${cap})`;
  const byPrefix = await rankPage(db, prefix, tsquery, offset, f.pageSize);
  // 3. While there is room under the cap, partial words too ("puter" in "Computer"). They rank
  //    below every prefix match (ts_rank 0), so a capped search never shows them. Kept out of the
  //    scans above on purpose: OR-ed in, the planner's crude guess for LIKE '%word%' made it flip
  //    between plans from one ANALYZE sample to the next (8 ms ↔ 35 ms at 100k books). Digits-only
  //    tokens (ISBN parts) match by prefix only: their trigrams are too common to help.
  if (byPrefix.found >= cap || !tokens.every((t) => t.length >= 3 && /\p{L}/u.test(t))) return byPrefix.result;
  const like = sql.join([...tokens.map((t) => sql`${books.searchText} like ${`%${escapeLike(t)}%`}`), VISIBLE_BOOK], sql` and `);
  const all = sql`${prefix} union (select * from ${books} where ${like} limit ${cap})`;
  return (await rankPage(db, all, tsquery, offset, f.pageSize)).result;
}

/** Ranks a candidate set (title weight first, shorter records first, then title, id) and returns one page. */
async function rankPage(db: Executor, candidates: SQL, tsquery: SQL, offset: number, pageSize: number) {
  const rows = await queryRows<BookRowSql & { total: number }>(
    db,
    sql`select c.id, c.title, c.authors, c.subjects, c.publisher, c.year, c.isbn, c.tags, c.copies_total, c.copies_available,
          (count(*) over ())::int as total
        from (${candidates}) c
        order by ts_rank(c.search_vector, ${tsquery}, 1) desc, lower(c.title) collate "C", c.id
        limit ${pageSize} offset ${offset}`,
  );
  let found = rows[0]?.total;
  if (found === undefined) {
    // A page past the end: count the candidates on their own.
    const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${candidates}) c`);
    found = r?.n ?? 0;
  }
  const capped = found > SEARCH_MAX_RESULTS;
  // The one extra candidate only detects "more"; it is never shown.
  const shown = capped ? rows.filter((_, i) => offset + i < SEARCH_MAX_RESULTS) : rows;
  return { found, result: { rows: shown.map(fromSql), total: Math.min(found, SEARCH_MAX_RESULTS), capped } };
}

type BookRowSql = {
  id: string;
  title: string;
  authors: string[];
  subjects: string[];
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  tags: string[];
  copies_total: number;
  copies_available: number;
};
const fromSql = (r: BookRowSql): BookView => ({
  id: r.id,
  title: r.title,
  authors: r.authors,
  subjects: r.subjects,
  publisher: r.publisher,
  year: r.year === null ? null : Number(r.year),
  isbn: r.isbn,
  tags: r.tags,
  copiesTotal: Number(r.copies_total),
  copiesAvailable: Number(r.copies_available),
});
