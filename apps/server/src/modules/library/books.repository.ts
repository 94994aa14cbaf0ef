import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CreateBookInput } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { bookImports, books, libraryCopies } from '../../db/schema/library.ts';
import type { BookRow } from '../../db/schema/library.ts';
import { pendingRows, visibleRows } from '../../lib/import/staging-table.ts';
import { NEXT_ACCESSION } from './accession.ts';

// The catalogue: books. Search has its own repository (search.repository.ts), copies theirs
// (copies.repository.ts); a book's copy counts follow its copies by trigger (migration 0029).

/** Books a pending import wrote are hidden from every read (lib/import's one visibility rule, decision 0016). */
export const VISIBLE_BOOK = visibleRows(books.importId, bookImports);

export const BOOK_COLUMNS = {
  id: books.id,
  title: books.title,
  authors: books.authors,
  subjects: books.subjects,
  publisher: books.publisher,
  year: books.year,
  isbn: books.isbn,
  tags: books.tags,
  copiesTotal: books.copiesTotal,
  copiesAvailable: books.copiesAvailable,
};
export type BookView = Pick<BookRow, keyof typeof BOOK_COLUMNS>;

/** Catalogue order (an empty search) and the import's natural key; "C" keeps both databases alike. */
export const CATALOGUE_ORDER = [sql`${books.sortTitle} collate "C"`, asc(books.id)];

export type NewBook = {
  title: string;
  authors: string[];
  subjects: string[];
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  tags: string[];
  /** How many numbered copies to register (when `copies` is not given). */
  copiesTotal: number;
  /** The copies the college registered already, by accession number (an import of its register). */
  copies?: ImportedCopy[] | undefined;
};

/** One copy from the college's register: its accession number and what the register says of it. */
export type ImportedCopy = { accession: string; shelf: string | null; acquiredOn: string | null; pricePaise: number | null; batch: string | null };

/** A validated add-book input (form, API or import row) as a row to insert. */
export function toNewBook(b: CreateBookInput): NewBook {
  return {
    title: b.title,
    authors: b.authors,
    subjects: b.subjects,
    publisher: b.publisher ?? null,
    year: b.year ?? null,
    isbn: b.isbn ?? null,
    tags: b.tags,
    copiesTotal: b.copiesTotal,
  };
}

export const findBook = async (db: Executor, id: string): Promise<BookView | undefined> =>
  (await db.select(BOOK_COLUMNS).from(books).where(and(eq(books.id, id), VISIBLE_BOOK)).limit(1))[0];

/** Inserts one book with no copies yet (the caller adds them: copies.repository addCopies). Throws 23505 on a duplicate ISBN. */
export async function insertBook(db: Executor, b: NewBook): Promise<BookView> {
  const { copies: _copies, ...fields } = b;
  const [row] = await db
    .insert(books)
    .values({ ...fields, copiesTotal: 0, copiesAvailable: 0 })
    .returning(BOOK_COLUMNS);
  return row!;
}

/**
 * Fast bulk insert for seeding and imports: one statement per batch, the rows passed as one JSON parameter.
 * Duplicate ISBNs are skipped, and so are a register's copies whose accession number is taken. Each
 * book is written once, with its copy counts. Returns how many books were inserted. `importId`: the
 * pending import the books belong to (hidden until it commits).
 */
export async function bulkInsertBooks(db: Executor, list: NewBook[], importId: string | null = null): Promise<number> {
  if (list.length === 0) return 0;
  const json = JSON.stringify(
    list.map((b) => ({
      ...b,
      copies_total: b.copiesTotal,
      copies: b.copies?.map((c) => ({ accession: c.accession, shelf: c.shelf, acquired_on: c.acquiredOn, price_paise: c.pricePaise, batch: c.batch })) ?? null,
    })),
  );
  // Each book is written once, with the counts of the copies that follow it in the same statement
  // (given accession numbers not taken yet, else the running number; a new copy is available). The
  // copies' count trigger leaves them be for this statement (crs.copies_counted, migration 0033):
  // updating the counts after the insert wrote every book twice, and the catalogue kept a half-empty
  // page for every full one, which its scans read (decision 0013). The flag is set and cleared in a
  // transaction of its own (a savepoint inside the caller's), so no later copy write skips the counts.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('crs.copies_counted', 'on', true)`);
    const r = await queryRows<{ n: number }>(
      tx,
      sql`with src as (
        select gen_random_uuid() as id, r.* from json_to_recordset(${json}::json) as r(title text, authors text[], subjects text[],
          publisher text, year int, isbn text, tags text[], copies_total int, copies json)),
      given as (
        select s.id as book_id, c.* from src s
          cross join json_to_recordset(s.copies) as c(accession text, shelf text, acquired_on date, price_paise int, batch text)
        where s.copies is not null and not exists (select 1 from ${libraryCopies} t where t.accession = c.accession)),
      counted as (
        select s.*, case when s.copies is null then s.copies_total else (select count(*) from given g where g.book_id = s.id)::int end as n
        from src s),
      ins as (
        insert into books (id, title, authors, subjects, publisher, year, isbn, tags, copies_total, copies_available, import_id)
        select id, title, authors, subjects, publisher, year, isbn, tags, n, n, ${importId}::uuid from counted
        on conflict do nothing
        returning id),
      numbered as (
        insert into ${libraryCopies} (book_id, accession)
        select s.id, ${NEXT_ACCESSION} from src s join ins on ins.id = s.id cross join generate_series(1, s.copies_total) as g(n)
        where s.copies is null
        returning 1),
      given_in as (
        insert into ${libraryCopies} (book_id, accession, shelf, acquired_on, price_paise, batch)
        select g.book_id, g.accession, g.shelf, g.acquired_on, g.price_paise, g.batch from given g join ins on ins.id = g.book_id
        returning 1)
      select (select count(*) from ins)::int as n, (select count(*) from numbered) + (select count(*) from given_in) as copies`,
    );
    await tx.execute(sql`select set_config('crs.copies_counted', 'off', true)`);
    return r[0]?.n ?? 0;
  });
}

/**
 * Which natural keys exist already: ISBNs, and lower(title)|lower(first author) of books without one.
 * Hidden books count too: a pending import's keys are taken for the next import.
 */
export async function existingBookKeys(db: Executor, isbns: string[], titles: string[]): Promise<{ isbns: Set<string>; titleAuthor: Set<string> }> {
  const [byIsbn, byTitle] = await Promise.all([
    isbns.length
      ? db.select({ isbn: books.isbn }).from(books).where(sql`${books.isbn} = any(${sql.param(isbns)}::text[])`)
      : Promise.resolve([]),
    titles.length
      ? db
          .select({ key: sql<string>`${books.sortTitle} || '|' || lower(coalesce(${books.authors}[1], ''))` })
          .from(books)
          .where(and(isNull(books.isbn), sql`${books.sortTitle} collate "C" = any(${sql.param(titles)}::text[])`))
      : Promise.resolve([]),
  ]);
  return { isbns: new Set(byIsbn.map((r) => r.isbn!)), titleAuthor: new Set(byTitle.map((r) => r.key)) };
}

/** The id of the book with this natural key (ISBN, else title + first author), visible or not. */
export async function bookIdByKey(db: Executor, b: Pick<NewBook, 'isbn' | 'title' | 'authors'>): Promise<string | undefined> {
  const where = b.isbn
    ? eq(books.isbn, b.isbn)
    : and(isNull(books.isbn), sql`${books.sortTitle} collate "C" = ${b.title.toLowerCase()}`, sql`lower(coalesce(${books.authors}[1], '')) = ${(b.authors[0] ?? '').toLowerCase()}`);
  const [row] = await db.select({ id: books.id }).from(books).where(where).limit(1);
  return row?.id;
}

export type BookPatch = Partial<Omit<NewBook, 'copiesTotal' | 'copies'>>;

/** Applies a patch of the book's own fields (its copies are changed through copies.repository). */
export async function updateBook(db: Executor, id: string, patch: BookPatch): Promise<BookView | undefined> {
  const [row] = await db
    .update(books)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(books.id, id), VISIBLE_BOOK))
    .returning(BOOK_COLUMNS);
  return row;
}

/** The book's counts, its row locked until the transaction ends (a change of its total copies). */
export async function lockBook(db: Executor, id: string): Promise<{ copiesTotal: number } | undefined> {
  const [row] = await db.select({ copiesTotal: books.copiesTotal }).from(books).where(and(eq(books.id, id), VISIBLE_BOOK)).for('update', { of: books });
  return row;
}

/** Titles and copies in the catalogue (visible books only). */
export async function catalogueTotals(db: Executor): Promise<{ books: number; copiesTotal: number }> {
  const [r] = await db
    .select({ books: sql<number>`count(*)::int`, copiesTotal: sql<number>`coalesce(sum(${books.copiesTotal}), 0)::int` })
    .from(books)
    .where(VISIBLE_BOOK);
  return { books: Number(r?.books ?? 0), copiesTotal: Number(r?.copiesTotal ?? 0) };
}

/** The staging table of book imports (lib/import writes them). */
export { bookImports };

/** Books written by imports still pending: the part of book_count that readers must not see. */
export const pendingImportRows = pendingRows(bookImports);
