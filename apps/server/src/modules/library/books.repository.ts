import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CreateBookInput } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { bookImports, books } from '../../db/schema/library.ts';
import type { BookRow } from '../../db/schema/library.ts';
import { pendingRows, visibleRows } from '../../lib/import/staging-table.ts';

// The catalogue: books and their copies. Search has its own repository (search.repository.ts).

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
  copiesTotal: number;
  copiesAvailable?: number;
};

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

/** Inserts one book; every copy starts available. Throws 23505 on a duplicate ISBN. */
export async function insertBook(db: Executor, b: NewBook): Promise<BookView> {
  const [row] = await db
    .insert(books)
    .values({ ...b, copiesAvailable: b.copiesAvailable ?? b.copiesTotal })
    .returning(BOOK_COLUMNS);
  return row!;
}

/** Inserts many books, skipping those whose ISBN exists already; returns how many were new. */
export async function insertBooks(db: Executor, list: NewBook[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(books)
    .values(list.map((b) => ({ ...b, copiesAvailable: b.copiesAvailable ?? b.copiesTotal })))
    .onConflictDoNothing()
    .returning({ id: books.id });
  return rows.length;
}

/**
 * Fast bulk insert for seeding and imports: one statement per batch, the rows passed as one JSON parameter.
 * Duplicate ISBNs are skipped. Returns how many rows were inserted. `importId`: the pending import
 * the books belong to (hidden until it commits).
 */
export async function bulkInsertBooks(db: Executor, list: NewBook[], importId: string | null = null): Promise<number> {
  if (list.length === 0) return 0;
  const json = JSON.stringify(
    list.map((b) => ({ ...b, copies_total: b.copiesTotal, copies_available: b.copiesAvailable ?? b.copiesTotal })),
  );
  const r = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into books (title, authors, subjects, publisher, year, isbn, tags, copies_total, copies_available, import_id)
      select title, authors, subjects, publisher, year, isbn, tags, copies_total, copies_available, ${importId}::uuid
      from json_to_recordset(${json}::json) as r(title text, authors text[], subjects text[], publisher text, year int,
        isbn text, tags text[], copies_total int, copies_available int)
      on conflict do nothing
      returning 1)
    select count(*)::int as n from ins`,
  );
  return r[0]?.n ?? 0;
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

export type BookPatch = Partial<Omit<NewBook, 'copiesAvailable'>>;

/**
 * Applies a patch. A new total moves the available copies by the same amount, in one conditional
 * UPDATE that refuses (undefined) when the total would drop below the copies on loan.
 */
export async function updateBook(db: Executor, id: string, patch: BookPatch): Promise<BookView | undefined> {
  const { copiesTotal, ...fields } = patch;
  const set: Record<string, unknown> = { ...fields, updatedAt: sql`now()` };
  let where = and(eq(books.id, id), VISIBLE_BOOK)!;
  if (copiesTotal !== undefined) {
    set.copiesTotal = copiesTotal;
    set.copiesAvailable = sql`${books.copiesAvailable} + (${copiesTotal}::int - ${books.copiesTotal})`;
    where = and(where, sql`${books.copiesTotal} - ${books.copiesAvailable} <= ${copiesTotal}::int`)!;
  }
  const [row] = await db.update(books).set(set).where(where).returning(BOOK_COLUMNS);
  return row;
}

/** Takes one copy if any is left: the conditional UPDATE that makes overselling impossible. */
export async function takeCopy(db: Executor, bookId: string): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ copiesAvailable: sql`${books.copiesAvailable} - 1` })
    .where(and(eq(books.id, bookId), VISIBLE_BOOK, sql`${books.copiesAvailable} > 0`))
    .returning({ id: books.id });
  return rows.length === 1;
}

export async function putBackCopy(db: Executor, bookId: string): Promise<void> {
  await db
    .update(books)
    .set({ copiesAvailable: sql`${books.copiesAvailable} + 1` })
    .where(eq(books.id, bookId));
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
