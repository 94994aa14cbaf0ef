import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { CopyStatus } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { books, libraryCopies, librarySettings } from '../../db/schema/library.ts';
import type { CopyRow } from '../../db/schema/library.ts';
import { NEXT_ACCESSION } from './accession.ts';
import { VISIBLE_BOOK } from './books.repository.ts';
import type { ImportedCopy } from './books.repository.ts';

// The copies (items) of the catalogue: accession numbers, status, shelf. The book's counts follow
// these rows by trigger (migration 0029); nothing here touches books.


export type NewCopies = {
  count: number;
  /** Given accession numbers (an import of the college's register); else `count` new numbers. */
  accessions?: string[] | undefined;
  shelf?: string | null | undefined;
  acquiredOn?: string | null | undefined;
  pricePaise?: number | null | undefined;
  batch?: string | null | undefined;
};

/** Adds copies of a book, all available; the new rows by accession. Throws 23505 on a taken accession number. */
export async function addCopies(db: Executor, bookId: string, c: NewCopies): Promise<CopyRow[]> {
  const given = c.accessions ?? [];
  const n = given.length || c.count;
  if (n === 0) return [];
  const accession = given.length ? sql`(${sql.param(given)}::text[])[g.n]` : NEXT_ACCESSION;
  const ids = await queryRows<{ id: string }>(
    db,
    sql`insert into ${libraryCopies} (book_id, accession, shelf, acquired_on, price_paise, batch)
      select ${bookId}::uuid, ${accession}, ${c.shelf ?? null}::text, ${c.acquiredOn ?? null}::date, ${c.pricePaise ?? null}::int, ${c.batch ?? null}::text
      from generate_series(1, ${n}::int) as g(n) order by g.n
      returning id`,
  );
  return db.select().from(libraryCopies).where(inArray(libraryCopies.id, ids.map((r) => r.id))).orderBy(asc(libraryCopies.accession));
}

/** Puts the sequence past every number of this prefix already taken (an import brought its own). */
export async function bumpAccessionSequence(db: Executor): Promise<void> {
  await db.execute(sql`select setval('library_accession_seq', greatest(
    (select last_value from library_accession_seq),
    coalesce((select max(substring(c.accession from length(s.accession_prefix) + 2)::bigint)
      from ${libraryCopies} c, ${librarySettings} s
      where s.id = 1 and c.accession like s.accession_prefix || '-%' and substring(c.accession from length(s.accession_prefix) + 2) ~ '^[0-9]{1,15}$'), 0)))`);
}

/** A book's copies by accession number. */
export const listCopies = (db: Executor, bookId: string) =>
  db.select().from(libraryCopies).where(eq(libraryCopies.bookId, bookId)).orderBy(asc(libraryCopies.accession));

const COPY_WITH_BOOK = { copy: libraryCopies, title: books.title, authors: books.authors };

/** The copy with this accession number (= barcode), with its book's title, if its book is visible. */
export async function findByAccession(db: Executor, accession: string) {
  const [r] = await db
    .select(COPY_WITH_BOOK)
    .from(libraryCopies)
    .innerJoin(books, eq(books.id, libraryCopies.bookId))
    .where(and(eq(libraryCopies.accession, accession), VISIBLE_BOOK))
    .limit(1);
  return r;
}

export async function findCopy(db: Executor, bookId: string, copyId: string): Promise<CopyRow | undefined> {
  const [r] = await db.select().from(libraryCopies).where(and(eq(libraryCopies.id, copyId), eq(libraryCopies.bookId, bookId))).limit(1);
  return r;
}

/** Copies for labels: these accession numbers, or a whole batch, with short titles, by accession. */
export function copiesForLabels(db: Executor, by: { accessions: string[] } | { batch: string }) {
  const where: SQL = 'batch' in by ? eq(libraryCopies.batch, by.batch) : inArray(libraryCopies.accession, by.accessions);
  return db
    .select({ accession: libraryCopies.accession, title: books.title, shelf: libraryCopies.shelf })
    .from(libraryCopies)
    .innerJoin(books, eq(books.id, libraryCopies.bookId))
    .where(and(where, VISIBLE_BOOK))
    .orderBy(asc(libraryCopies.accession))
    .limit(2000);
}

/**
 * Takes any available copy of the book for a loan: the conditional UPDATE that never lends one
 * copy twice. SKIP LOCKED lets concurrent borrows of one title take different copies instead of
 * queueing on the same row and finding it gone.
 */
export async function takeAnyCopy(db: Executor, bookId: string): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${libraryCopies} set status = 'on_loan', updated_at = now()
      where id = (select c.id from ${libraryCopies} c where c.book_id = ${bookId} and c.status = 'available'
                  order by c.accession limit 1 for update skip locked)
        and status = 'available'
      returning id`,
  );
  return rows[0]?.id;
}

/** Takes this copy for a loan if it is available: of two desks scanning it at once, one gets it. */
export async function takeCopy(db: Executor, copyId: string): Promise<boolean> {
  const rows = await db
    .update(libraryCopies)
    .set({ status: 'on_loan', updatedAt: sql`now()` })
    .where(and(eq(libraryCopies.id, copyId), eq(libraryCopies.status, 'available')))
    .returning({ id: libraryCopies.id });
  return rows.length === 1;
}

export type CopyPatch = { status?: CopyStatus | undefined; shelf?: string | null | undefined; acquiredOn?: string | null | undefined; pricePaise?: number | null | undefined; batch?: string | null | undefined };

/** Edits a copy; a status change only from `from` (the state the service decided on), else undefined. */
export async function updateCopy(db: Executor, copyId: string, patch: CopyPatch, from?: CopyStatus): Promise<CopyRow | undefined> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(libraryCopies)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(libraryCopies.id, copyId), from ? eq(libraryCopies.status, from) : undefined))
    .returning();
  return row;
}

/** Withdraws `n` copies of the book from those on the shelf (damaged ones first, then the newest); how many. */
export async function withdrawCopies(db: Executor, bookId: string, n: number): Promise<number> {
  if (n <= 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${libraryCopies} set status = 'withdrawn', updated_at = now()
      where id in (select c.id from ${libraryCopies} c where c.book_id = ${bookId} and c.status in ('available', 'damaged')
                   order by (c.status = 'available'), c.accession desc limit ${n}::int for update)
      returning id`,
  );
  return rows.length;
}

/** Which of these accession numbers are taken already. */
export async function takenAccessions(db: Executor, accessions: string[]): Promise<Set<string>> {
  if (accessions.length === 0) return new Set();
  const rows = await db.select({ a: libraryCopies.accession }).from(libraryCopies).where(sql`${libraryCopies.accession} = any(${sql.param(accessions)}::text[])`);
  return new Set(rows.map((r) => r.a));
}

/** Adds copies from the college's register to a book (an import); taken accession numbers are skipped. */
export async function addImportedCopies(db: Executor, bookId: string, list: ImportedCopy[]): Promise<Array<{ id: string }>> {
  if (list.length === 0) return [];
  const json = JSON.stringify(list.map((c) => ({ accession: c.accession, shelf: c.shelf, acquired_on: c.acquiredOn, price_paise: c.pricePaise, batch: c.batch })));
  return queryRows<{ id: string }>(
    db,
    sql`insert into ${libraryCopies} (book_id, accession, shelf, acquired_on, price_paise, batch)
      select ${bookId}::uuid, c.accession, c.shelf, c.acquired_on, c.price_paise, c.batch
      from json_to_recordset(${json}::json) as c(accession text, shelf text, acquired_on date, price_paise int, batch text)
      on conflict do nothing
      returning id`,
  );
}

/** Moves a copy from one circulation state to another (a conditional UPDATE); false when it was no longer `from`. */
export async function moveCopy(db: Executor, copyId: string, from: CopyStatus, to: CopyStatus): Promise<boolean> {
  const rows = await db
    .update(libraryCopies)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(libraryCopies.id, copyId), eq(libraryCopies.status, from)))
    .returning({ id: libraryCopies.id });
  return rows.length === 1;
}

/** The copies of these books the public catalogue shows (neither lost nor withdrawn), by accession. */
export const publicCopiesOf = (db: Executor, bookIds: string[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ bookId: libraryCopies.bookId, accession: libraryCopies.accession, shelf: libraryCopies.shelf, status: libraryCopies.status })
        .from(libraryCopies)
        .where(and(inArray(libraryCopies.bookId, bookIds), sql`${libraryCopies.status} not in ('lost', 'withdrawn')`))
        .orderBy(asc(libraryCopies.accession));
