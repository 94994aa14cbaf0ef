import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { books, libraryCopies, libraryHolds } from '../../db/schema/library.ts';
import type { HoldRow } from '../../db/schema/library.ts';
import { BOOK_COLUMNS } from './books.repository.ts';

// Holds (issue 31 item 4, decision 0053): a title's queue, first come first served, and the copy
// each ready hold keeps on the hold shelf. Every change of a hold is one conditional UPDATE, so of
// two processes passing the same copy on (a return and the expiry job) exactly one does.

const OPEN = sql`${libraryHolds.status} in ('waiting', 'ready')`;

/** Places a hold; throws 23505 when the member has an open hold on the title. */
export async function insertHold(db: Executor, bookId: string, userId: string): Promise<string> {
  const [row] = await db.insert(libraryHolds).values({ bookId, userId }).returning({ id: libraryHolds.id });
  return row!.id;
}

export const findHold = async (db: Executor, id: string): Promise<HoldRow | undefined> => (await db.select().from(libraryHolds).where(eq(libraryHolds.id, id)).limit(1))[0];

/** Holds with their book, copy and place in the queue (1 = next), as the lists show them. */
function holdQuery(db: Executor) {
  return db
    .select({
      hold: libraryHolds,
      book: BOOK_COLUMNS,
      accession: libraryCopies.accession,
      position: sql<number | null>`case when ${libraryHolds.status} = 'waiting' then (
        select count(*)::int from ${libraryHolds} q
        where q.book_id = ${libraryHolds.bookId} and q.status = 'waiting' and (q.placed_at, q.seq) <= (${libraryHolds.placedAt}, ${libraryHolds.seq})) end`,
    })
    .from(libraryHolds)
    .innerJoin(books, eq(books.id, libraryHolds.bookId))
    .leftJoin(libraryCopies, eq(libraryCopies.id, libraryHolds.copyId));
}
export type HoldRecord = Awaited<ReturnType<ReturnType<typeof holdQuery>['execute']>>[number];

/** A member's open holds: ready ones first, then by when they were placed. */
export const openHoldsOf = (db: Executor, userId: string): Promise<HoldRecord[]> =>
  holdQuery(db)
    .where(and(eq(libraryHolds.userId, userId), OPEN))
    .orderBy(sql`(${libraryHolds.status} = 'ready') desc`, asc(libraryHolds.placedAt), asc(libraryHolds.seq))
    .limit(100);

export const holdRecord = async (db: Executor, id: string): Promise<HoldRecord | undefined> => (await holdQuery(db).where(eq(libraryHolds.id, id)).limit(1))[0];

/** The hold shelf (ready holds, soonest to lapse first) and holds that lapsed in the last `days` days. */
export async function holdShelf(db: Executor, days: number) {
  const [ready, expired] = await Promise.all([
    holdQuery(db).where(eq(libraryHolds.status, 'ready')).orderBy(asc(libraryHolds.expiresAt)).limit(500),
    holdQuery(db)
      .where(and(eq(libraryHolds.status, 'expired'), sql`${libraryHolds.closedAt} > now() - make_interval(days => ${days}::int)`))
      .orderBy(desc(libraryHolds.closedAt))
      .limit(200),
  ]);
  return { ready, expired };
}

/**
 * Gives the copy to the next member waiting for its title: the oldest waiting hold becomes ready,
 * keeping the copy until `pickupDays` from now. SKIP LOCKED: two copies coming back at once go to
 * two different members. The hold it served, if anyone was waiting.
 */
export async function serveNext(db: Executor, bookId: string, copyId: string, pickupDays: number): Promise<HoldRow | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${libraryHolds} set status = 'ready', copy_id = ${copyId}, ready_at = now(), expires_at = now() + make_interval(days => ${pickupDays}::int)
      where id = (select h.id from ${libraryHolds} h where h.book_id = ${bookId} and h.status = 'waiting'
                  order by h.placed_at, h.seq limit 1 for update skip locked)
        and status = 'waiting'
      returning id`,
  );
  return rows[0] ? findHold(db, rows[0].id) : undefined;
}

/** Closes an open hold (from one of `from`); the row as it was closed, or undefined when it was no longer in `from`. */
export async function closeHold(db: Executor, id: string, to: 'collected' | 'cancelled' | 'expired', by: string | null, from: ReadonlyArray<'waiting' | 'ready'>): Promise<HoldRow | undefined> {
  const [row] = await db
    .update(libraryHolds)
    .set({ status: to, closedAt: sql`now()`, closedBy: by })
    .where(and(eq(libraryHolds.id, id), inArray(libraryHolds.status, [...from])))
    .returning();
  return row;
}

/** The member's ready hold on the title (its copy waits for them on the hold shelf), locked for the caller's transaction. */
export async function readyHoldOf(db: Executor, userId: string, bookId: string): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(libraryHolds)
    .where(and(eq(libraryHolds.userId, userId), eq(libraryHolds.bookId, bookId), eq(libraryHolds.status, 'ready')))
    .limit(1)
    .for('update');
  return row;
}

/** The member's open hold on the title, if any. */
export async function openHoldOf(db: Executor, userId: string, bookId: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(libraryHolds).where(and(eq(libraryHolds.userId, userId), eq(libraryHolds.bookId, bookId), OPEN)).limit(1);
  return row;
}

/** The ready hold keeping this copy, if any. */
export async function holdOfCopy(db: Executor, copyId: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(libraryHolds).where(and(eq(libraryHolds.copyId, copyId), eq(libraryHolds.status, 'ready'))).limit(1);
  return row;
}

/** Ready holds past their pickup time (at most `limit`), locked and skipped by any other process expiring them too. */
export const lapsedHolds = (db: Executor, limit: number): Promise<HoldRow[]> =>
  db
    .select()
    .from(libraryHolds)
    .where(and(eq(libraryHolds.status, 'ready'), sql`${libraryHolds.expiresAt} < now()`))
    .orderBy(asc(libraryHolds.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Whether anyone waits for the title. */
export async function anyWaiting(db: Executor, bookId: string): Promise<boolean> {
  const rows = await db.select({ id: libraryHolds.id }).from(libraryHolds).where(and(eq(libraryHolds.bookId, bookId), eq(libraryHolds.status, 'waiting'))).limit(1);
  return rows.length > 0;
}
