import { and, asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { LoanFilter, LoanStatus } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { books, libraryCopies, librarySettings, loans } from '../../db/schema/library.ts';
import { BOOK_COLUMNS } from './books.repository.ts';

// Loans and fines. Every figure that depends on time is computed by the database from now(), so
// the rules live in one place (here) and tests can move a loan in time by editing due_on. Loan
// status and days overdue are computed only here: clients show what the server answers.

const at = sql`coalesce(${loans.returnedOn}, now())`;
/** Whole days past due (rounded up) — until now, or until the return for a returned loan. */
const daysLate = sql<number>`greatest(0, ceil(extract(epoch from (${at} - ${loans.dueOn})) / 86400))::int`;
/** Fixed on return; while on loan: (days late − grace) × rate, capped per loan. */
const finePaiseExpr = sql<number>`coalesce(${loans.finePaise}, least(greatest(${daysLate} - ${librarySettings.graceDays}, 0) * ${librarySettings.finePerDayPaise}, ${librarySettings.maxFinePaise}))::int`;
const unsettled = sql`${loans.finePaidAt} is null and ${loans.fineWaivedAt} is null`;
/** What the member still owes for this loan (needs library_settings joined). */
export const owedPaiseExpr = sql<number>`case when ${unsettled} then ${finePaiseExpr} else 0 end`;
export const isOverdue = sql`${loans.returnedOn} is null and ${loans.dueOn} < now()`;
const statusExpr = sql<LoanStatus>`case when ${loans.returnedOn} is not null then 'returned' when ${loans.dueOn} < now() then 'overdue' else 'active' end`;
/** A loan can accrue or hold an unpaid fine only if it is overdue now or came back with one. */
export const mayOwe = sql`(${unsettled} and (${loans.finePaise} > 0 or (${loans.returnedOn} is null and ${loans.dueOn} < now())))`;

function loanQuery(db: Executor) {
  return db
    .select({
      loan: getTableColumns(loans),
      book: BOOK_COLUMNS,
      status: statusExpr,
      daysOverdue: daysLate,
      finePaise: finePaiseExpr,
      renewalsAllowed: librarySettings.renewalsAllowed,
      accession: libraryCopies.accession,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(libraryCopies, eq(libraryCopies.id, loans.copyId))
    .innerJoin(librarySettings, eq(librarySettings.id, 1));
}

/** A loan with its book and the figures computed from now(): status, days overdue, fine, renewals allowed. */
export type LoanRecord = Awaited<ReturnType<ReturnType<typeof loanQuery>['execute']>>[number];

export async function findLoanRecord(db: Executor, id: string): Promise<LoanRecord | undefined> {
  const [r] = await loanQuery(db).where(eq(loans.id, id)).limit(1);
  return r;
}

export const findLoan = async (db: Executor, id: string) => (await db.select().from(loans).where(eq(loans.id, id)).limit(1))[0];

const statusFilter = (s: LoanFilter) =>
  s === 'returned'
    ? sql`${loans.returnedOn} is not null`
    : s === 'overdue'
      ? isOverdue
      : s === 'unreturned'
        ? sql`${loans.returnedOn} is null`
        : sql`${loans.returnedOn} is null and ${loans.dueOn} >= now()`;

/** A page of loans: on loan first (soonest due first), then returned (latest first). */
export async function listLoans(
  db: Executor,
  f: { userId?: string | undefined; bookId?: string | undefined; status?: LoanFilter | undefined; page: number; pageSize: number },
): Promise<{ rows: LoanRecord[]; total: number }> {
  const where: SQL[] = [];
  if (f.userId) where.push(eq(loans.userId, f.userId));
  if (f.bookId) where.push(eq(loans.bookId, f.bookId));
  if (f.status) where.push(statusFilter(f.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    loanQuery(db)
      .where(cond)
      .orderBy(
        sql`(${loans.returnedOn} is not null)`,
        sql`case when ${loans.returnedOn} is null then ${loans.dueOn} end asc`,
        sql`${loans.returnedOn} desc`,
        asc(loans.id),
      )
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(loans).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A member's standing for a new loan of `bookId`. */
export async function memberStanding(db: Executor, userId: string, bookId: string) {
  const [r] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
      holdsBook: sql<boolean>`coalesce(bool_or(${loans.returnedOn} is null and ${loans.bookId} = ${bookId}), false)`,
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(eq(loans.userId, userId));
  return { active: Number(r?.active ?? 0), holdsBook: Boolean(r?.holdsBook), owedPaise: Number(r?.owedPaise ?? 0) };
}

export async function insertLoan(db: Executor, l: { bookId: string; copyId: string; userId: string; issuedBy: string; loanDays: number }): Promise<string> {
  const [row] = await db
    .insert(loans)
    .values({ bookId: l.bookId, copyId: l.copyId, userId: l.userId, issuedBy: l.issuedBy, dueOn: sql`now() + make_interval(days => ${l.loanDays}::int)` })
    .returning({ id: loans.id });
  return row!.id;
}

/**
 * Closes the member's active loan of the book and fixes its fine, in one conditional UPDATE:
 * of several concurrent returns exactly one gets the row.
 */
export async function closeLoan(
  db: Executor,
  l: ({ userId: string; bookId: string } | { copyId: string }) & { by: string; replacementPaise?: number; sparingSeconds?: number },
): Promise<{ id: string; copyId: string; userId: string; finePaise: number } | undefined> {
  let which = 'copyId' in l ? sql`${loans.copyId} = ${l.copyId}` : sql`${loans.userId} = ${l.userId} and ${loans.bookId} = ${l.bookId}`;
  // The desk's scan spares a loan another desk issued within these seconds: both scanned one copy at once.
  if (l.sparingSeconds) which = sql`${which} and (${loans.issuedBy} = ${l.by} or ${loans.issuedOn} < now() - make_interval(secs => ${l.sparingSeconds}::int))`;
  // A lost copy (the desk marks it): the late fine so far plus its replacement cost, of kind 'replacement'.
  const fine = l.replacementPaise === undefined ? finePaiseExpr : sql`${finePaiseExpr} + ${l.replacementPaise}::int`;
  const kind = l.replacementPaise === undefined ? 'overdue' : 'replacement';
  const rows = await queryRows<{ id: string; copy_id: string; user_id: string; fine_paise: number }>(
    db,
    sql`update ${loans} set returned_on = now(), returned_by = ${l.by}, fine_paise = ${fine}, fine_kind = ${kind}
      from ${librarySettings}
      where ${which} and ${loans.returnedOn} is null and ${librarySettings.id} = 1
      returning ${loans.id} as id, ${loans.copyId} as copy_id, ${loans.userId} as user_id, ${loans.finePaise} as fine_paise`,
  );
  const r = rows[0];
  return r && { id: r.id, copyId: r.copy_id, userId: r.user_id, finePaise: Number(r.fine_paise) };
}

/** Extends an on-time loan by the loan period while renewals remain; undefined when refused. */
export async function renewLoan(db: Executor, id: string): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${loans} set due_on = ${loans.dueOn} + make_interval(days => ${librarySettings.loanPeriodDays}), renewals = ${loans.renewals} + 1
      from ${librarySettings}
      where ${loans.id} = ${id} and ${loans.returnedOn} is null and ${loans.dueOn} >= now()
        and ${loans.renewals} < ${librarySettings.renewalsAllowed} and ${librarySettings.id} = 1
      returning ${loans.id} as id`,
  );
  return rows[0]?.id;
}

/** Marks a returned loan's fine paid or waived, once; false when there is nothing to settle. */
export async function settleFine(db: Executor, id: string, action: 'pay' | 'waive', by: string): Promise<boolean> {
  const rows = await db
    .update(loans)
    .set(action === 'pay' ? { finePaidAt: sql`now()`, fineSettledBy: by } : { fineWaivedAt: sql`now()`, fineSettledBy: by })
    .where(and(eq(loans.id, id), sql`${loans.returnedOn} is not null and ${loans.finePaise} > 0`, isNull(loans.finePaidAt), isNull(loans.fineWaivedAt)))
    .returning({ id: loans.id });
  return rows.length === 1;
}

/** The member's unpaid fines (paise, accruing ones included) and overdue loans. */
export async function memberFines(db: Executor, userId: string): Promise<{ owedPaise: number; overdue: number }> {
  const [r] = await db
    .select({
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
      overdue: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(eq(loans.userId, userId));
  return { owedPaise: Number(r?.owedPaise ?? 0), overdue: Number(r?.overdue ?? 0) };
}

/** Loans on hand, overdue, and due within `dueSoonDays` (not yet overdue). */
export async function memberSummary(db: Executor, userId: string, dueSoonDays: number) {
  const [r] = await db
    .select({
      activeLoans: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
      overdueLoans: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
      dueSoon: sql<number>`(count(*) filter (where ${loans.returnedOn} is null and ${loans.dueOn} >= now() and ${loans.dueOn} < now() + make_interval(days => ${dueSoonDays}::int)))::int`,
    })
    .from(loans)
    .where(eq(loans.userId, userId));
  return { activeLoans: Number(r?.activeLoans ?? 0), overdueLoans: Number(r?.overdueLoans ?? 0), dueSoon: Number(r?.dueSoon ?? 0) };
}

// Analytics and reports (issue 14) ------------------------------------------------------------

/**
 * Circulation per week (Mondays from `from`'s week to `to`'s, in `timeZone`): loans issued and
 * returned in the week, and loans overdue at the week's end (or now, for the current week).
 */
export function weeklyCirculation(db: Executor, from: string, to: string, timeZone: string) {
  return queryRows<{ week: string; issued: number; returned: number; overdue: number }>(
    db,
    sql`with weeks as (
        select w::date as week,
               (w + interval '7 days') at time zone ${timeZone} as week_end_ts,
               w at time zone ${timeZone} as week_start_ts
        from generate_series(date_trunc('week', ${from}::date::timestamp), date_trunc('week', ${to}::date::timestamp), interval '7 days') as w
      )
      select to_char(weeks.week, 'YYYY-MM-DD') as week,
        (select count(*) from ${loans} l where l.issued_on >= weeks.week_start_ts and l.issued_on < weeks.week_end_ts)::int as issued,
        (select count(*) from ${loans} l where l.returned_on >= weeks.week_start_ts and l.returned_on < weeks.week_end_ts)::int as returned,
        (select count(*) from ${loans} l
          where l.due_on < least(weeks.week_end_ts, now()) and l.issued_on < least(weeks.week_end_ts, now())
            and (l.returned_on is null or l.returned_on > least(weeks.week_end_ts, now())))::int as overdue
      from weeks order by weeks.week`,
  );
}

/** Loans overdue now or holding an unsettled fine, the most overdue first (at most `limit`). */
export const overdueOrOwing = (db: Executor, limit: number) =>
  loanQuery(db)
    .where(sql`${isOverdue} or ${mayOwe}`)
    .orderBy(sql`${daysLate} desc`, asc(loans.dueOn), asc(loans.id))
    .limit(limit);

/** The loan a copy is out on now, if any. */
export async function activeLoanOfCopy(db: Executor, copyId: string): Promise<string | undefined> {
  const [r] = await db.select({ id: loans.id }).from(loans).where(and(eq(loans.copyId, copyId), isNull(loans.returnedOn))).limit(1);
  return r?.id;
}

export type ReminderStage = 'due-2' | 'overdue-1' | 'overdue-7' | 'overdue-14';

/**
 * Unreturned loans at a reminder stage now (issue 30): 'due-2' (due within 2 days), 'overdue-1',
 * 'overdue-7', 'overdue-14' (the latest stage reached: a loan found 9 days late is at stage 7),
 * with the book's title, the college-local due date and the fine so far.
 */
export function loansToRemind(db: Executor, timeZone: string) {
  return db
    .select({
      loanId: loans.id,
      userId: loans.userId,
      title: books.title,
      dueDate: sql<string>`to_char(${loans.dueOn} at time zone ${timeZone}, 'DD Mon YYYY')`,
      daysOverdue: daysLate,
      finePaise: finePaiseExpr,
      stage: sql<ReminderStage>`case when ${daysLate} >= 14 then 'overdue-14' when ${daysLate} >= 7 then 'overdue-7' when ${daysLate} >= 1 then 'overdue-1' else 'due-2' end`,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(and(isNull(loans.returnedOn), sql`${loans.dueOn} < now() + interval '2 days'`));
}
