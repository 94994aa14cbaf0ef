import { and, asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SEARCH_MAX_RESULTS } from '@crs/shared/schemas/library';
import type { Book, CreateBookInput, LibrarySettings, Loan, LoanFilter, LoanStatus } from '@crs/shared/schemas/library';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { bookCount, books, librarySettings, loans } from '../../db/schema/library.ts';
import type { BookRow } from '../../db/schema/library.ts';
import { users } from '../../db/schema/users.ts';

const rupees = (paise: number) => Math.round(paise) / 100;
const paise = (rupeesValue: number) => Math.round(rupeesValue * 100);

// ---------------------------------------------------------------------------------------------
// Books

const BOOK_COLUMNS = {
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
type BookView = Pick<BookRow, keyof typeof BOOK_COLUMNS>;

/** The one book shape of every answer. */
export function presentBook(b: BookView): Book {
  return {
    _id: b.id,
    title: b.title,
    authors: b.authors,
    subjects: b.subjects,
    publisher: b.publisher,
    year: b.year,
    isbn: b.isbn,
    tags: b.tags,
    copiesAvailable: b.copiesAvailable,
    copiesTotal: b.copiesTotal,
  };
}

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

/** A validated add-book input (form, API or CSV row) as a row to insert. */
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

const CATALOGUE_ORDER = [sql`lower(${books.title}) collate "C"`, asc(books.id)];

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
 */
export async function searchBooks(
  db: Executor,
  f: { q: string; page: number; pageSize: number },
): Promise<{ rows: BookView[]; total: number; capped: boolean }> {
  const offset = (f.page - 1) * f.pageSize;
  const tokens = searchTokens(f.q);
  if (tokens.length === 0) {
    const [rows, [total]] = await Promise.all([
      db.select(BOOK_COLUMNS).from(books).orderBy(...CATALOGUE_ORDER).limit(f.pageSize).offset(offset),
      db.select({ n: bookCount.n }).from(bookCount).where(eq(bookCount.id, 1)),
    ]);
    return { rows, total: Number(total?.n ?? 0), capped: false };
  }
  const tsquery = sql`to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  const cap = SEARCH_MAX_RESULTS + 1;
  // Word-prefix matches come in tiers, each fetched with its own LIMIT. The planner's estimate for
  // a tsvector match is exact, so it picks the right plan for each: the GIN index for a selective
  // word, a scan that stops at the cap for one most books contain.
  // 1. Title matches alone. When they fill the cap, no other book can reach the first 1000.
  const inTitle = sql`select * from ${books} where ${books.titleVector} @@ ${tsquery} limit ${cap}`;
  const byTitle = await rankPage(db, inTitle, tsquery, offset, f.pageSize);
  if (byTitle.found >= cap) return byTitle.result;
  // 2. Every title match, plus matches in any field up to the cap: a title match is never crowded
  //    out of the candidates by books that have the word only in a subject or publisher.
  const prefix = sql`(${inTitle}) union (select * from ${books} where ${books.searchVector} @@ ${tsquery} limit ${cap})`;
  const byPrefix = await rankPage(db, prefix, tsquery, offset, f.pageSize);
  // 3. While there is room under the cap, partial words too ("puter" in "Computer"). They rank
  //    below every prefix match (ts_rank 0), so a capped search never shows them. Kept out of the
  //    scans above on purpose: OR-ed in, the planner's crude guess for LIKE '%word%' made it flip
  //    between plans from one ANALYZE sample to the next (8 ms ↔ 35 ms at 100k books). Digits-only
  //    tokens (ISBN parts) match by prefix only: their trigrams are too common to help.
  if (byPrefix.found >= cap || !tokens.every((t) => t.length >= 3 && /\p{L}/u.test(t))) return byPrefix.result;
  const like = sql.join(
    tokens.map((t) => sql`${books.searchText} like ${`%${escapeLike(t)}%`}`),
    sql` and `,
  );
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

export const findBook = async (db: Executor, id: string): Promise<BookView | undefined> =>
  (await db.select(BOOK_COLUMNS).from(books).where(eq(books.id, id)).limit(1))[0];

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
 * Duplicate ISBNs are skipped. Returns how many rows were inserted.
 */
export async function bulkInsertBooks(db: Executor, list: NewBook[]): Promise<number> {
  if (list.length === 0) return 0;
  const json = JSON.stringify(
    list.map((b) => ({ ...b, copies_total: b.copiesTotal, copies_available: b.copiesAvailable ?? b.copiesTotal })),
  );
  const r = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into books (title, authors, subjects, publisher, year, isbn, tags, copies_total, copies_available)
      select title, authors, subjects, publisher, year, isbn, tags, copies_total, copies_available
      from json_to_recordset(${json}::json) as r(title text, authors text[], subjects text[], publisher text, year int,
        isbn text, tags text[], copies_total int, copies_available int)
      on conflict do nothing
      returning 1)
    select count(*)::int as n from ins`,
  );
  return r[0]?.n ?? 0;
}

/** Which natural keys exist already: ISBNs, and lower(title)|lower(first author) of books without one. */
export async function existingBookKeys(db: Executor, isbns: string[], titles: string[]): Promise<{ isbns: Set<string>; titleAuthor: Set<string> }> {
  const [byIsbn, byTitle] = await Promise.all([
    isbns.length
      ? db.select({ isbn: books.isbn }).from(books).where(sql`${books.isbn} = any(${sql.param(isbns)}::text[])`)
      : Promise.resolve([]),
    titles.length
      ? db
          .select({ key: sql<string>`lower(${books.title}) || '|' || lower(coalesce(${books.authors}[1], ''))` })
          .from(books)
          .where(and(isNull(books.isbn), sql`lower(${books.title}) collate "C" = any(${sql.param(titles)}::text[])`))
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
  let where = eq(books.id, id);
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
    .where(and(eq(books.id, bookId), sql`${books.copiesAvailable} > 0`))
    .returning({ id: books.id });
  return rows.length === 1;
}

export async function putBackCopy(db: Executor, bookId: string): Promise<void> {
  await db
    .update(books)
    .set({ copiesAvailable: sql`${books.copiesAvailable} + 1` })
    .where(eq(books.id, bookId));
}

// ---------------------------------------------------------------------------------------------
// Settings

export function presentSettings(s: typeof librarySettings.$inferSelect): LibrarySettings & { updatedAt: string } {
  return {
    loanPeriodDays: s.loanPeriodDays,
    finePerDay: rupees(s.finePerDayPaise),
    graceDays: s.graceDays,
    maxFinePerLoan: rupees(s.maxFinePaise),
    maxActiveLoans: s.maxActiveLoans,
    renewalsAllowed: s.renewalsAllowed,
    finesBlockAt: rupees(s.finesBlockPaise),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function getSettings(db: Executor) {
  const [row] = await db.select().from(librarySettings).where(eq(librarySettings.id, 1)).limit(1);
  if (!row) throw new Error('library_settings row is missing (migration 0001 creates it)');
  return row;
}

export async function saveSettings(db: Executor, s: LibrarySettings, by: string) {
  const values = {
    id: 1,
    loanPeriodDays: s.loanPeriodDays,
    finePerDayPaise: paise(s.finePerDay),
    graceDays: s.graceDays,
    maxFinePaise: paise(s.maxFinePerLoan),
    maxActiveLoans: s.maxActiveLoans,
    renewalsAllowed: s.renewalsAllowed,
    finesBlockPaise: paise(s.finesBlockAt),
    updatedBy: by,
  };
  const [row] = await db
    .insert(librarySettings)
    .values(values)
    .onConflictDoUpdate({ target: librarySettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Loans. Every figure that depends on time is computed by the database from now(), so the rules
// live in one place (here) and tests can move a loan in time by editing due_on.

const at = sql`coalesce(${loans.returnedOn}, now())`;
/** Whole days past due (rounded up) — until now, or until the return for a returned loan. */
const daysLate = sql<number>`greatest(0, ceil(extract(epoch from (${at} - ${loans.dueOn})) / 86400))::int`;
/** Fixed on return; while on loan: (days late − grace) × rate, capped per loan. */
const finePaiseExpr = sql<number>`coalesce(${loans.finePaise}, least(greatest(${daysLate} - ${librarySettings.graceDays}, 0) * ${librarySettings.finePerDayPaise}, ${librarySettings.maxFinePaise}))::int`;
const unsettled = sql`${loans.finePaidAt} is null and ${loans.fineWaivedAt} is null`;
/** What the member still owes for this loan. */
const owedPaiseExpr = sql<number>`case when ${unsettled} then ${finePaiseExpr} else 0 end`;
const isOverdue = sql`${loans.returnedOn} is null and ${loans.dueOn} < now()`;
const statusExpr = sql<LoanStatus>`case when ${loans.returnedOn} is not null then 'returned' when ${loans.dueOn} < now() then 'overdue' else 'active' end`;
// A loan can accrue or hold an unpaid fine only if it is overdue now or came back with one.
const mayOwe = sql`(${unsettled} and (${loans.finePaise} > 0 or (${loans.returnedOn} is null and ${loans.dueOn} < now())))`;

const settler = alias(users, 'fine_settler');

function loanQuery(db: Executor) {
  return db
    .select({
      loan: getTableColumns(loans),
      book: BOOK_COLUMNS,
      member: { id: users.id, name: users.name, email: users.email, studentId: users.studentId },
      settler: { id: settler.id, name: settler.name },
      status: statusExpr,
      daysOverdue: daysLate,
      finePaise: finePaiseExpr,
      renewalsAllowed: librarySettings.renewalsAllowed,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .leftJoin(settler, eq(settler.id, loans.fineSettledBy));
}

type LoanQueryRow = Awaited<ReturnType<ReturnType<typeof loanQuery>['execute']>>[number];

function presentLoan(r: LoanQueryRow): Loan {
  const l = r.loan;
  const fine = Number(r.finePaise);
  return {
    _id: l.id,
    bookId: l.bookId,
    book: presentBook(r.book),
    userId: l.userId,
    member: { _id: r.member.id, name: r.member.name, email: r.member.email, studentId: r.member.studentId },
    issuedOn: l.issuedOn.toISOString(),
    dueOn: l.dueOn.toISOString(),
    returnedOn: l.returnedOn?.toISOString() ?? null,
    status: r.status,
    daysOverdue: Number(r.daysOverdue),
    renewals: l.renewals,
    renewalsLeft: l.returnedOn ? 0 : Math.max(0, r.renewalsAllowed - l.renewals),
    fineAccrued: rupees(fine),
    fineStatus: l.finePaidAt ? 'paid' : l.fineWaivedAt ? 'waived' : fine > 0 ? 'unpaid' : 'none',
    finePaidAt: l.finePaidAt?.toISOString() ?? null,
    fineWaivedAt: l.fineWaivedAt?.toISOString() ?? null,
    fineSettledBy: r.settler ? { _id: r.settler.id, name: r.settler.name } : null,
  };
}

export async function findLoanView(db: Executor, id: string): Promise<Loan | undefined> {
  const [r] = await loanQuery(db).where(eq(loans.id, id)).limit(1);
  return r ? presentLoan(r) : undefined;
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
) {
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
  return { loans: rows.map(presentLoan), total: total?.n ?? 0 };
}

/** Locks the member's row for the rest of the transaction, so one member's borrows run one at a time. */
export async function lockMember(db: Executor, userId: string) {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  return row;
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

export async function insertLoan(db: Executor, l: { bookId: string; userId: string; issuedBy: string; loanDays: number }): Promise<string> {
  const [row] = await db
    .insert(loans)
    .values({ bookId: l.bookId, userId: l.userId, issuedBy: l.issuedBy, dueOn: sql`now() + make_interval(days => ${l.loanDays}::int)` })
    .returning({ id: loans.id });
  return row!.id;
}

/**
 * Closes the member's active loan of the book and fixes its fine, in one conditional UPDATE:
 * of several concurrent returns exactly one gets the row.
 */
export async function closeLoan(db: Executor, l: { userId: string; bookId: string; by: string }): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${loans} set returned_on = now(), returned_by = ${l.by}, fine_paise = ${finePaiseExpr}
      from ${librarySettings}
      where ${loans.userId} = ${l.userId} and ${loans.bookId} = ${l.bookId} and ${loans.returnedOn} is null and ${librarySettings.id} = 1
      returning ${loans.id} as id`,
  );
  return rows[0]?.id;
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

/** Marks a returned loan's fine paid or waived, once; undefined when there is nothing to settle. */
export async function settleFine(db: Executor, id: string, action: 'pay' | 'waive', by: string): Promise<boolean> {
  const rows = await db
    .update(loans)
    .set(action === 'pay' ? { finePaidAt: sql`now()`, fineSettledBy: by } : { fineWaivedAt: sql`now()`, fineSettledBy: by })
    .where(and(eq(loans.id, id), sql`${loans.returnedOn} is not null and ${loans.finePaise} > 0`, isNull(loans.finePaidAt), isNull(loans.fineWaivedAt)))
    .returning({ id: loans.id });
  return rows.length === 1;
}

/** The member's unpaid fines (paise, accruing ones included) and overdue loans. */
export async function memberFines(db: Executor, userId: string) {
  const [r] = await db
    .select({
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
      overdue: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(eq(loans.userId, userId));
  return { total: rupees(Number(r?.owedPaise ?? 0)), overdue: Number(r?.overdue ?? 0) };
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

/** Active members by name, email or student ID, with their loans on hand and fines owed. */
export async function searchMembers(db: Executor, q: string, limit: number) {
  const like = `%${escapeLike(q)}%`;
  const where = q
    ? and(eq(users.status, 'active'), sql`(${users.name} ilike ${like} or ${users.email} ilike ${like} or ${users.studentId} ilike ${like})`)
    : eq(users.status, 'active');
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, studentId: users.studentId, roles: users.roles })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const figures = await db
    .select({
      userId: loans.userId,
      active: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(sql`${loans.userId} = any(${sql.param(ids)}::uuid[])`)
    .groupBy(loans.userId);
  const byUser = new Map(figures.map((f) => [f.userId, f]));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    studentId: r.studentId,
    roles: r.roles,
    activeLoans: Number(byUser.get(r.id)?.active ?? 0),
    finesOwed: rupees(Number(byUser.get(r.id)?.owedPaise ?? 0)),
  }));
}

/** Figures for the circulation desk's dashboard. */
export async function libraryStats(db: Executor) {
  const [[b], [l]] = await Promise.all([
    db.select({ books: sql<number>`count(*)::int`, copiesTotal: sql<number>`coalesce(sum(${books.copiesTotal}), 0)::int` }).from(books),
    db
      .select({
        onLoan: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
        overdue: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
        owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
      })
      .from(loans)
      .innerJoin(librarySettings, eq(librarySettings.id, 1))
      .where(sql`${loans.returnedOn} is null or ${mayOwe}`),
  ]);
  return {
    books: Number(b?.books ?? 0),
    copiesTotal: Number(b?.copiesTotal ?? 0),
    copiesOnLoan: Number(l?.onLoan ?? 0),
    overdueLoans: Number(l?.overdue ?? 0),
    finesOutstanding: rupees(Number(l?.owedPaise ?? 0)),
  };
}
