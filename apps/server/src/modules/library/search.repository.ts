import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SEARCH_MAX_RESULTS } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { bookCount, books } from '../../db/schema/library.ts';
import { containing } from '../../lib/patterns.ts';
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

/**
 * How a search runs on an engine; both give the same answers (decision 0013).
 * - `wholeWords`: whole-word arms before the prefix arms. Only where they pay: on PostgreSQL
 *   (planning an arm costs ~0.3 ms on the embedded database, more than the prefix expansion they
 *   save at its scale).
 * - `pageInArms`: every arm carries the shown columns, so the page comes from the arms' rows. On
 *   PostgreSQL at 1M books reading the page's books again by id costs random page reads (a scan
 *   that stops at the cap keeps no page cached); on the embedded database every page is in memory,
 *   and copying the shown columns of up to a thousand candidates cost more (~0.6 ms) than reading
 *   twenty books by id.
 */
export type SearchPlan = { wholeWords: boolean; pageInArms: boolean };

export const searchPlanFor = (kind: 'pglite' | 'postgresql'): SearchPlan =>
  kind === 'postgresql' ? { wholeWords: true, pageInArms: true } : { wholeWords: false, pageInArms: false };

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
  f: { q: string; page: number; pageSize: number } & SearchPlan,
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
  const prefixQuery = sql`to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  const wordQuery = sql`to_tsquery('simple', ${tokens.join(' & ')})`;
  // The candidates come in arms, in this order, each limited to the cap on its own; an arm runs only
  // while the arms before it found fewer than the cap (see rankPage). All in one statement.
  // 1-2. Title matches, whole words first (`wholeWords`), then prefixes. When more than the cap have
  //      the word in their title, no other book can reach the first 1000; and a whole word's posting
  //      list is read without the prefix expansion ("introduction" at 1M books: 5 ms, not 14 ms).
  // 3-4. Matches in any field, the same way: every title match is a candidate before them, so none
  //      is crowded out by books that have the word only in a subject or publisher.
  // 5.   Partial words ("puter" in "Computer"), for tokens of 3+ characters with a letter. They rank
  //      below every prefix match (ts_rank 0), so a capped search never needs them. Kept out of the
  //      scans above on purpose: OR-ed in, the planner's crude guess for LIKE '%word%' made it flip
  //      between plans from one ANALYZE sample to the next (8 ms ↔ 35 ms at 100k books). Digits-only
  //      tokens (ISBN parts) match by prefix only: their trigrams are too common to help.
  // Whole-word arms only where they pay (`wholeWords`, SearchPlan) and for words of 3+ characters
  // (a shorter one, "in", is in so many records that its whole-word posting list costs more than
  // the prefix scan that stops at the cap).
  const words = f.wholeWords && tokens.every((t) => t.length >= 3);
  const arms: Arm[] = [
    ...(words ? [sql`${books.titleVector} @@ ${wordQuery}`] : []),
    sql`${books.titleVector} @@ ${prefixQuery}`,
    ...(words ? [sql`${books.searchVector} @@ ${wordQuery}`] : []),
    sql`${books.searchVector} @@ ${prefixQuery}`,
  ];
  if (tokens.every((t) => t.length >= 3 && /\p{L}/u.test(t))) {
    const like = sql.join(tokens.map((t) => sql`${books.searchText} like ${containing(t)}`), sql` and `);
    // This arm runs only when the prefix arms found every prefix match (fewer than the cap), so what
    // it adds are partial-word matches only, and for one token their ts_rank is 0: not computed.
    arms.push(tokens.length === 1 ? { where: like, rank: sql`0` } : like);
  }
  return rankPage(db, arms, prefixQuery, { offset, pageSize: f.pageSize, pageInArms: f.pageInArms });
}

// The columns of a page of books: carried by every arm, or read by id for the page (`pageInArms`).
const PAGE_COLUMNS = ['title', 'authors', 'subjects', 'publisher', 'year', 'isbn', 'tags', 'copies_total', 'copies_available'];
const columnsOf = (table: string) => sql.raw(PAGE_COLUMNS.map((c) => `${table}.${c}`).join(', '));

/** One arm of candidates: its condition, and its rank when that is known without ts_rank. */
type Arm = SQL | { where: SQL; rank: SQL };

/**
 * Ranks the candidates of `arms` (title weight first, shorter records first, then title, id) and
 * returns one page, in one statement. Each arm is limited to the cap on its own and runs only while
 * every arm before it found fewer than the cap (a one-time filter on their counts: otherwise its scan
 * never starts). A prefix arm contains the whole-word arm before it and the any-field prefix arm
 * contains every arm before it, so when the partial-word arm runs, every prefix match is already a
 * candidate. (Two arms under the cap may together exceed it; the next arm then still runs, and the
 * search, capped either way, ranks a few more candidates.) An arm carries the rank, the sort title
 * and, with `pageInArms`, the shown columns, never the search columns (tsvectors, search_text); the
 * count comes from the arms' rows, the page from them or from its books read by id.
 */
async function rankPage(db: Executor, arms: Arm[], tsquery: SQL, f: { offset: number; pageSize: number; pageInArms: boolean }) {
  const cap = SEARCH_MAX_RESULTS + 1;
  const names = arms.map((_, i) => sql.raw(`arm${i}`));
  const ctes = arms.map((arm, i) => {
    const { where, rank } = 'where' in arm ? arm : { where: arm, rank: sql`ts_rank(${books.searchVector}, ${tsquery}, 1)` };
    const before = names.slice(0, i);
    const gate = sql.join(before.map((n) => sql` and (select count(*) from ${n}) < ${cap}`));
    return sql`${names[i]} as materialized (
      select ${books.id} as id, ${rank}::real as r, ${books.sortTitle} collate "C" as s${f.pageInArms ? sql`, ${columnsOf('books')}` : sql``}
      from ${books} where ${where} and ${VISIBLE_BOOK}${gate} limit ${cap})`;
  });
  // A book met by several arms is taken from the first (with its real rank: the partial-word arm
  // comes last) and skipped after. Outside the arms' scans on purpose: as a condition inside one, it
  // halved the planner's estimate and flipped "comput" at 1M books to a 40 ms bitmap scan.
  const candidates = sql.join(
    names.map((n, i) => {
      const seen = sql.join(names.slice(0, i).map((m) => sql` and id not in (select id from ${m})`));
      return sql`select * from ${n} where true${seen}`;
    }),
    sql` union all `,
  );
  // Always one row, even for a page past the end: the count, with no book.
  const query = sql`with ${sql.join(ctes, sql`, `)}, c as (${candidates}),
        p as (select * from c order by r desc, s collate "C", id limit ${f.pageSize} offset ${f.offset})
      select n.found, p.id, ${columnsOf(f.pageInArms ? 'p' : 'b')}
      from (select count(*)::int as found from c) n left join p on true${f.pageInArms ? sql`` : sql` left join ${books} b on b.id = p.id`}
      order by p.r desc, p.s collate "C", p.id`;
  const rows = await queryRows<Partial<BookRowSql> & { found: number }>(db, query);
  const found = Number(rows[0]?.found ?? 0);
  const capped = found > SEARCH_MAX_RESULTS;
  // The one extra candidate only detects "more"; it is never shown.
  const page = rows.filter((r): r is BookRowSql & { found: number } => r.id != null);
  const shown = capped ? page.filter((_, i) => f.offset + i < SEARCH_MAX_RESULTS) : page;
  return { rows: shown.map(fromSql), total: Math.min(found, SEARCH_MAX_RESULTS), capped };
}

/** A book as raw SQL answers it: the copy counts under their column names. */
type BookRowSql = Omit<BookView, 'copiesTotal' | 'copiesAvailable'> & { copies_total: number; copies_available: number };
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
