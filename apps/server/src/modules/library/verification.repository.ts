import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { books, libraryCopies, libraryVerifications, libraryVerificationScans } from '../../db/schema/library.ts';
import type { VerificationRow } from '../../db/schema/library.ts';

// Stock verification (issue 31 item 6, decision 0053): the copies in scope (a shelf location or
// the whole library, neither lost nor withdrawn) against the barcodes scanned, keyed by
// verification and barcode so a repeat from any device or session changes nothing.

export async function insertVerification(db: Executor, shelf: string | null, by: string): Promise<VerificationRow> {
  const [row] = await db.insert(libraryVerifications).values({ shelf, startedBy: by }).returning();
  return row!;
}

export const findVerification = async (db: Executor, id: string): Promise<VerificationRow | undefined> =>
  (await db.select().from(libraryVerifications).where(eq(libraryVerifications.id, id)).limit(1))[0];

export const listVerifications = (db: Executor) => db.select().from(libraryVerifications).orderBy(desc(libraryVerifications.startedAt)).limit(50);

/** In scope: the verification's shelf (or every shelf), neither lost nor withdrawn. */
const inScope = (shelf: string | null) => sql`c.status not in ('lost', 'withdrawn') and (${shelf}::text is null or c.shelf = ${shelf}::text)`;

/** Copies expected and barcodes scanned so far. */
export async function countsOf(db: Executor, v: VerificationRow): Promise<{ expected: number; scanned: number }> {
  const [r] = await queryRows<{ expected: number; scanned: number }>(
    db,
    sql`select (select count(*)::int from ${libraryCopies} c where ${inScope(v.shelf)}) as expected,
      (select count(*)::int from ${libraryVerificationScans} s where s.verification_id = ${v.id}) as scanned`,
  );
  return { expected: Number(r?.expected ?? 0), scanned: Number(r?.scanned ?? 0) };
}

/** Records barcodes (a repeat is skipped); how many were new. Only while the verification is open (checked in the same statement). */
export async function addScans(db: Executor, verificationId: string, barcodes: string[], by: string): Promise<number> {
  const rows = await queryRows<{ barcode: string }>(
    db,
    sql`insert into ${libraryVerificationScans} (verification_id, barcode, scanned_by)
      select v.id, b.barcode, ${by}::uuid from ${libraryVerifications} v, unnest(${sql.param(barcodes)}::text[]) as b(barcode)
      where v.id = ${verificationId} and v.status = 'open'
      on conflict do nothing
      returning barcode`,
  );
  return rows.length;
}

/** The copy a barcode names (any status), with its title. */
export async function copyOfBarcode(db: Executor, barcode: string) {
  const [r] = await db
    .select({ title: books.title, shelf: libraryCopies.shelf })
    .from(libraryCopies)
    .innerJoin(books, eq(books.id, libraryCopies.bookId))
    .where(eq(libraryCopies.accession, barcode))
    .limit(1);
  return r;
}

export type ReportCopy = { accession: string; title: string; shelf: string | null; status: string };

/**
 * The report: copies in scope not scanned (missing, or on loan), scanned copies whose shelf is not
 * the verification's (found on the wrong shelf; a whole-library verification has none), and
 * scanned barcodes the register does not know.
 */
export async function report(db: Executor, v: VerificationRow) {
  const notScanned = await queryRows<ReportCopy>(
    db,
    sql`select c.accession, b.title, c.shelf, c.status from ${libraryCopies} c join ${books} b on b.id = c.book_id
      where ${inScope(v.shelf)}
        and not exists (select 1 from ${libraryVerificationScans} s where s.verification_id = ${v.id} and s.barcode = c.accession)
      order by c.shelf nulls first, c.accession`,
  );
  const wrongShelf =
    v.shelf === null
      ? []
      : await queryRows<ReportCopy>(
          db,
          sql`select c.accession, b.title, c.shelf, c.status from ${libraryVerificationScans} s
            join ${libraryCopies} c on c.accession = s.barcode join ${books} b on b.id = c.book_id
            where s.verification_id = ${v.id} and c.shelf is distinct from ${v.shelf}::text
            order by c.accession`,
        );
  const unexpected = await queryRows<{ barcode: string }>(
    db,
    sql`select s.barcode from ${libraryVerificationScans} s
      where s.verification_id = ${v.id} and not exists (select 1 from ${libraryCopies} c where c.accession = s.barcode)
      order by s.barcode`,
  );
  return {
    missing: notScanned.filter((c) => c.status !== 'on_loan'),
    onLoan: notScanned.filter((c) => c.status === 'on_loan'),
    wrongShelf,
    unexpected: unexpected.map((u) => u.barcode),
  };
}

/** Closes an open verification with its report frozen; undefined when it was closed already. */
export async function closeVerification(db: Executor, id: string, by: string, frozen: unknown): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(libraryVerifications)
    .set({ status: 'closed', closedAt: sql`now()`, closedBy: by, report: frozen })
    .where(sql`${libraryVerifications.id} = ${id} and ${libraryVerifications.status} = 'open'`)
    .returning();
  return row;
}
