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
  const prefixQuery = sql`to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  const wordQuery = sql`to_tsquery('simple', ${tokens.join(' & ')})`;
  // Whole-word arms only for words of 3+ characters: a shorter one ("in") is in so many records
  // that its whole-word posting list costs more than a scan that stops at the cap.
  const words = tokens.every((t) => t.length >= 3);
  const inTitle: SQL[] = [
    ...(words ? [sql`${books.titleVector} @@ ${wordQuery}`] : []),
    sql`${books.titleVector} @@ ${prefixQuery}`,
  ];
  const title = await rankPage(db, inTitle, prefixQuery, offset, f.pageSize);
  if (title.found > SEARCH_MAX_RESULTS) return title.result;
  const anywhere: SQL[] = [
    ...inTitle,
    ...(words ? [sql`${books.searchVector} @@ ${wordQuery}`] : []),
    sql`${books.searchVector} @@ ${prefixQuery}`,
  ];
  if (tokens.every((t) => t.length >= 3 && /\p{L}/u.test(t))) {
    anywhere.push(sql.join(tokens.map((t) => sql`${books.searchText} like ${`%${escapeLike(t)}%`}`), sql` and `));
  }
  return (await rankPage(db, anywhere, prefixQuery, offset, f.pageSize)).result;
}

/**
 * Ranks the candidates of `arms` (title weight first, shorter records first, then title, id) and
 * returns one page, in one statement. Each arm is limited to the cap on its own and runs only while
 * the arms before it found fewer than the cap together (a one-time filter on their count: otherwise
 * its scan never starts). Each carries only (id, rank, sort title); the page's books are read by id.
 */
async function rankPage(db: Executor, arms: SQL[], tsquery: SQL, offset: number, pageSize: number) {
  const cap = SEARCH_MAX_RESULTS + 1;
  const names = arms.map((_, i) => sql.raw(`arm${i}`));
  const ctes = arms.map((cond, i) => {
    const before = names.slice(0, i).map((n) => sql`select id from ${n}`);
    const gate = before.length ? sql` and (select count(*) from (${sql.join(before, sql` union `)}) g) < ${cap}` : sql``;
    return sql`${names[i]} as materialized (
      select ${books.id} as id, ts_rank(${books.searchVector}, ${tsquery}, 1) as r, lower(${books.title}) collate "C" as s
      from ${books} where ${cond} and ${VISIBLE_BOOK}${gate} limit ${cap})`;
  });
  const candidates = sql.join(names.map((n) => sql`select id, r, s from ${n}`), sql` union `);
  // Always one row, even for a page past the end: the count, with no book.
  const query = sql`with ${sql.join(ctes, sql`, `)}, c as (${candidates}),
        p as (select id, r, s from c order by r desc, s collate "C", id limit ${pageSize} offset ${offset})
      select n.found, b.id, b.title, b.authors, b.subjects, b.publisher, b.year, b.isbn, b.tags, b.copies_total, b.copies_available
      from (select count(*)::int as found from c) n
        left join (p join ${books} b on b.id = p.id) on true
      order by p.r desc, p.s collate "C", p.id`;
  const rows = await queryRows<Partial<BookRowSql> & { found: number }>(db, query);
  const found = Number(rows[0]?.found ?? 0);
  const capped = found > SEARCH_MAX_RESULTS;
  // The one extra candidate only detects "more"; it is never shown.
  const page = rows.filter((r): r is BookRowSql & { found: number } => r.id != null);
  const shown = capped ? page.filter((_, i) => offset + i < SEARCH_MAX_RESULTS) : page;
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
