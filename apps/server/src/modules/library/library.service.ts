import { MSG } from '@crs/shared/messages';
import { hasAnyRole, LIBRARY_STAFF } from '@crs/shared/roles';
import { DUE_SOON_DAYS } from '@crs/shared/schemas/library';
import type {
  CirculationBody,
  CreateBookInput,
  LibrarySettings,
  ListLoansQuery,
  Loan,
  SearchBooksQuery,
  UpdateBookInput,
} from '@crs/shared/schemas/library';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome } from '../../lib/import/pipeline.ts';
import { writeStaged } from '../../lib/import/staged.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import * as books from './books.repository.ts';
import type { NewBook } from './books.repository.ts';
import * as copies from './copies.repository.ts';
import * as desk from './desk.repository.ts';
import { bookImport, bookKey, rowKey, splitBookKey } from './library.import.ts';
import type { BookImportRow } from './library.import.ts';
import { DEMO_LIBRARIAN, seedBooks, seedLibrary } from './library.seed.ts';
import { paise, peopleOf, presentBook, presentOpacBook, presentLoan, presentMember, presentSettings, rupees } from './library.presenter.ts';
import * as holdsService from './library.holds.service.ts';
import * as loans from './loans.repository.ts';
import { bookNotFound, loanNotFound, loanView } from './library.loan-view.ts';
import { searchBooks, searchPlanFor } from './search.repository.ts';
import * as settings from '../settings/settings.service.ts';
import * as circulationRules from './settings.repository.ts';

/** True for the circulation desk (Librarian, Admin, SuperAdmin). */
export const isDesk = (p: Principal) => hasAnyRole(p.user.roles, LIBRARY_STAFF);

/** The member a circulation call acts for: the caller, or anyone when the caller is the desk. */
function memberFor(p: Principal, userId: string | undefined, refusal: () => Error): string {
  const member = userId ?? p.user.id;
  if (member !== p.user.id && !isDesk(p)) throw refusal();
  return member;
}


// ---------------------------------------------------------------------------------------------
// Catalogue

/** Ranked search over title, authors, subjects, tags, publisher and ISBN; identical on both databases. */
export async function searchCatalogue(ctx: AppContext, q: SearchBooksQuery) {
  const { rows, total, capped } = await searchBooks(ctx.db, { ...q, ...searchPlanFor(ctx.database.kind) });
  return { books: rows.map(presentBook), total, capped };
}

/**
 * GET /opac/books, the public catalogue (issue 31 item 5): the same ranked search, with each copy's
 * shelf and whether it is on it — nothing about who has a copy. 404 while Settings keeps it off.
 */
export async function opacSearch(ctx: AppContext, q: SearchBooksQuery) {
  if (!(await settings.opacEnabled(ctx))) throw notFound(MSG.opacOff, 'OPAC_OFF');
  const { rows, total, capped } = await searchBooks(ctx.db, { ...q, ...searchPlanFor(ctx.database.kind) });
  const list = await copies.publicCopiesOf(ctx.db, rows.map((b) => b.id));
  return { books: rows.map((b) => presentOpacBook(b, list.filter((c) => c.bookId === b.id))), total, capped };
}

/** The book, or 404. */
export async function getBook(ctx: AppContext, id: string) {
  const book = await books.findBook(ctx.db, id);
  if (!book) throw bookNotFound();
  return presentBook(book);
}

/** Adds a book and registers its copies (numbered, all available); a duplicate ISBN is a 409 and adds nothing. */
export async function addBook(ctx: AppContext, input: CreateBookInput) {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const book = await books.insertBook(tx, books.toNewBook(input));
      await copies.addCopies(tx, book.id, { count: input.copiesTotal });
      return book.id;
    });
    return presentBook((await books.findBook(ctx.db, id))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.isbnTaken, 'ISBN_TAKEN');
    throw err;
  }
}

/**
 * Edits a book. A new total registers new copies, or withdraws copies on the shelf (damaged
 * first, then the newest); never those on loan (409), atomically with borrows (the book's row is
 * locked while its copies change).
 */
export async function editBook(ctx: AppContext, id: string, patch: UpdateBookInput) {
  const { copiesTotal, ...fields } = patch;
  try {
    await ctx.db.transaction(async (tx) => {
      const book = await books.lockBook(tx, id);
      if (!book) throw bookNotFound();
      if (Object.keys(fields).length > 0) await books.updateBook(tx, id, fields);
      if (copiesTotal === undefined || copiesTotal === book.copiesTotal) return;
      // New copies go to members waiting for the title first (decision 0053).
      if (copiesTotal > book.copiesTotal) await holdsService.serveWaiting(ctx, tx, await copies.addCopies(tx, id, { count: copiesTotal - book.copiesTotal }));
      else if ((await copies.withdrawCopies(tx, id, book.copiesTotal - copiesTotal)) < book.copiesTotal - copiesTotal) throw conflict(MSG.copiesBelowOnLoan, 'COPIES_ON_LOAN');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.isbnTaken, 'ISBN_TAKEN');
    throw err;
  }
  await holdsService.deliver(ctx);
  return presentBook((await books.findBook(ctx.db, id))!);
}

// Each batch is its own short transaction: on the embedded database other requests run between
// batches, so the batch size bounds how long they wait: 100 rows ≈ 40–80 ms of index work (250
// rows measured a 358 ms p99 during the import bench, 100 rows 230 ms, at the same rows/s).
const IMPORT_BATCH = 100;

/** Which of these book keys (see bookKey) are in the catalogue, hidden ones (a pending import's) included. */
async function storedBookKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const parts = keys.map(splitBookKey);
  const isbns = parts.flatMap((p) => ('isbn' in p ? [p.isbn] : []));
  const titles = parts.flatMap((p) => ('title' in p ? [p.title] : []));
  const found = await books.existingBookKeys(db, isbns, titles);
  return new Set([...[...found.isbns].map((i) => `isbn:${i}`), ...[...found.titleAuthor].map((k) => `ta:${k}`)]);
}

/** Which import row keys (see rowKey) are stored: a book's, or a register row's accession number. */
async function storedRowKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const accessionOf = (k: string) => (k.includes('#') ? k.slice(k.lastIndexOf('#') + 1) : undefined);
  const withCopy = keys.filter((k) => accessionOf(k) !== undefined);
  const taken = await copies.takenAccessions(db, withCopy.map((k) => accessionOf(k)!));
  const stored = await storedBookKeys(db, keys.filter((k) => accessionOf(k) === undefined));
  for (const k of withCopy) if (taken.has(accessionOf(k)!)) stored.add(k);
  return stored;
}

/**
 * An import's rows as books to write: a count row is a book with numbered copies; register rows
 * (one per copy) of one book become that book with its copies by accession number.
 */
function booksOfRows(list: BookImportRow[]): NewBook[] {
  const byBook = new Map<string, NewBook>();
  for (const row of list) {
    const key = bookKey(row);
    const { copy, ...fields } = row;
    const book = byBook.get(key) ?? { ...books.toNewBook(fields), copies: copy ? [] : undefined };
    if (copy) {
      book.copies ??= [];
      book.copies.push({ accession: copy.accession, shelf: copy.shelf, acquiredOn: copy.acquiredOn, pricePaise: copy.price === null ? null : paise(copy.price), batch: copy.batch });
      book.copiesTotal = book.copies.length;
    }
    byBook.set(key, book);
  }
  return [...byBook.values()];
}

/**
 * Imports a book file (CSV, .xlsx, .xls) through the import pipeline. A dry run answers the
 * preview and writes nothing; a real import with any bad row writes nothing (422); else every new
 * book is written as one staged import that readers see whole or not at all (lib/import's
 * writeStaged); 409 while another import is being written. Books already in the catalogue (same
 * ISBN, else title + first author) are skipped, so a re-import adds nothing. A register (one row
 * per copy, by accession number, issue 31) adds its copies: new books with theirs, and copies new
 * to a book already in the catalogue join it when the import commits; a taken accession number is
 * skipped, so a re-import adds nothing either.
 */
export const importBooks = (ctx: AppContext, p: Principal, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> =>
  importFile(upload, { dryRun, maxRows: ctx.config.importMaxRows }, () => ({
    spec: bookImport,
    store: {
      existing: (keys) => storedRowKeys(ctx.db, keys),
      write: (list) =>
        writeStaged(ctx.db, books.bookImports, p.user.id, {
          batchSize: IMPORT_BATCH,
          prepare: async () => {
            // Again now that this import is the only one: an import of the same file may have just committed.
            const storedRows = await storedRowKeys(ctx.db, list.map(rowKey));
            const rows = list.filter((r) => !storedRows.has(rowKey(r)));
            const storedBooks = await storedBookKeys(ctx.db, rows.map(bookKey));
            const all = booksOfRows(rows);
            const fresh = all.filter((b) => !storedBooks.has(bookKey(b)));
            const joining = all.filter((b) => storedBooks.has(bookKey(b)) && b.copies?.length);
            const freshCopies = fresh.reduce((n, b) => n + (b.copies?.length ?? b.copiesTotal), 0);
            const commit = async (tx: Executor, created: number) => {
              let joined = 0;
              for (const b of joining) {
                const id = await books.bookIdByKey(tx, b);
                if (id) joined += (await copies.addImportedCopies(tx, id, b.copies!)).length;
              }
              await copies.bumpAccessionSequence(tx);
              const booksSkipped = all.length - fresh.length - joining.length;
              await audit.record(ctx, p, { action: 'library.books_imported', details: { created, skipped: booksSkipped, copies: freshCopies + joined, file: upload.filename } }, tx);
              // The pipeline counts rows: a register's rows are its copies, not its books.
              const registerBooks = fresh.filter((b) => b.copies);
              const registerCopies = registerBooks.reduce((n, b) => n + b.copies!.length, 0);
              return { created: created - registerBooks.length + registerCopies + joined, updated: 0 };
            };
            return { rows: fresh, commit };
          },
          insert: (tx, batch, importId) => books.bulkInsertBooks(tx, batch, importId),
          // Keep planner statistics current: the embedded database has no autovacuum to do it.
          after: () => ctx.db.execute(sql`analyze books`),
        }),
    },
  }));

// ---------------------------------------------------------------------------------------------
// Settings

/** The circulation rules (money in rupees). */
export const getLibrarySettings = async (ctx: AppContext) => presentSettings(await circulationRules.getSettings(ctx.db));

const SETTINGS_FIELDS = ['loanPeriodDays', 'finePerDay', 'graceDays', 'maxFinePerLoan', 'maxActiveLoans', 'renewalsAllowed', 'finesBlockAt', 'accessionPrefix', 'replacementCost', 'holdPickupDays'] as const;

/** Replaces the circulation rules; records who changed them, and what changed in the audit log. */
export const updateLibrarySettings = (ctx: AppContext, p: Principal, s: LibrarySettings) =>
  ctx.db.transaction(async (tx) => {
    const before = presentSettings(await circulationRules.getSettings(tx));
    const after = presentSettings(await circulationRules.saveSettings(tx, s, p.user.id));
    const changes = audit.changesOf(before, after, SETTINGS_FIELDS);
    if (Object.keys(changes).length > 0) await audit.record(ctx, p, { action: 'settings.changed', target: { type: 'settings', id: 'library', label: 'Library circulation rules' }, changes }, tx);
    return after;
  });

// ---------------------------------------------------------------------------------------------
// Circulation

/**
 * Lends one copy to a member in one transaction: never oversells (conditional UPDATE), never two
 * active loans of one book per member, and refuses (409) at the loan limit or with blocking fines.
 * A Student may borrow only for themself.
 */
export async function issueBook(ctx: AppContext, p: Principal, bookId: string, body: CirculationBody): Promise<Loan> {
  const memberId = memberFor(p, body.userId, () => forbidden(MSG.issueSelfOnly, 'ISSUE_SELF_ONLY'));
  let loanId: string;
  try {
    loanId = await ctx.db.transaction(async (tx) => {
      // One member's borrows run one at a time: the limits below cannot be raced past.
      if (!(await users.lockActiveUser(ctx, memberId, tx))) throw notFound(MSG.memberNotFound, 'MEMBER_NOT_FOUND');
      // The library lends to current students: a graduate (issue 27 item 5) returns, but borrows no more.
      if (await academics.isGraduate(ctx, memberId, tx)) throw forbidden(MSG.graduateCannotBorrow, 'GRADUATE_CANNOT_BORROW');
      if (!(await books.findBook(tx, bookId))) throw bookNotFound();
      const rules = await circulationRules.getSettings(tx);
      const standing = await loans.memberStanding(tx, memberId, bookId);
      if (standing.holdsBook) throw conflict(MSG.alreadyBorrowed, 'ALREADY_BORROWED');
      if (standing.active >= rules.maxActiveLoans) throw conflict(MSG.loanLimitReached, 'LOAN_LIMIT_REACHED');
      if (standing.owedPaise > 0 && standing.owedPaise >= rules.finesBlockPaise) throw conflict(MSG.finesBlockBorrowing, 'FINES_BLOCK_BORROWING');
      // A copy kept for the member on the hold shelf is theirs first; copies kept for others are never taken.
      const copyId = (await holdsService.collectHeld(tx, memberId, bookId, p.user.id)) ?? (await copies.takeAnyCopy(tx, bookId));
      if (!copyId) throw conflict(MSG.noCopiesLeft, 'NO_COPIES_LEFT');
      await holdsService.fulfilWaiting(tx, memberId, bookId, p.user.id);
      return loans.insertLoan(tx, { bookId, copyId, userId: memberId, issuedBy: p.user.id, loanDays: rules.loanPeriodDays });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.alreadyBorrowed, 'ALREADY_BORROWED');
    throw err;
  }
  return loanView(ctx, loanId);
}

/**
 * Takes back the member's active loan of the book and fixes its fine, in one transaction; of
 * concurrent returns of one loan exactly one succeeds. A Student may return only their own, and
 * only while Settings' selfServiceReturn is on (403 otherwise); the desk always may.
 */
export async function returnBook(ctx: AppContext, p: Principal, bookId: string, body: CirculationBody): Promise<Loan> {
  const memberId = memberFor(p, body.userId, () => forbidden(MSG.loanNotYours, 'LOAN_NOT_YOURS'));
  if (!isDesk(p) && !(await settings.selfServiceReturn(ctx))) throw forbidden(MSG.selfReturnOff, 'SELF_RETURN_OFF');
  const loanId = await ctx.db.transaction(async (tx) => {
    const closed = await loans.closeLoan(tx, { userId: memberId, bookId, by: p.user.id });
    if (!closed) {
      if (!(await books.findBook(tx, bookId))) throw bookNotFound();
      throw conflict(MSG.notOnLoan, 'NOT_ON_LOAN');
    }
    // The next member holding the title gets the copy on the hold shelf; else it goes back on the shelf.
    await holdsService.releaseCopy(ctx, tx, { id: closed.copyId, bookId }, 'on_loan');
    return closed.id;
  });
  await holdsService.deliver(ctx);
  return loanView(ctx, loanId);
}

/** Extends an on-time loan by the loan period while renewals remain (owner or desk). */
export async function renewLoan(ctx: AppContext, p: Principal, loanId: string): Promise<Loan> {
  const loan = await loans.findLoan(ctx.db, loanId);
  if (!loan) throw loanNotFound();
  if (loan.userId !== p.user.id && !isDesk(p)) throw forbidden(MSG.loanNotYours, 'LOAN_NOT_YOURS');
  if (!(await loans.renewLoan(ctx.db, loanId))) {
    // Refused: say why, from the loan as it is now.
    const now = await loans.findLoanRecord(ctx.db, loanId);
    if (now?.status === 'returned') throw conflict(MSG.loanAlreadyReturned, 'LOAN_RETURNED');
    if (now?.status === 'overdue') throw conflict(MSG.renewOverdue, 'LOAN_OVERDUE');
    throw conflict(MSG.noRenewalsLeft, 'NO_RENEWALS_LEFT');
  }
  return loanView(ctx, loanId);
}

/** Marks a returned loan's fine paid or waived, once, recording who and when (desk). */
export async function settleFine(ctx: AppContext, p: Principal, loanId: string, action: 'pay' | 'waive'): Promise<Loan> {
  const settled = await ctx.db.transaction(async (tx) => {
    if (!(await loans.settleFine(tx, loanId, action, p.user.id))) return false;
    if (action === 'waive') {
      // The waiver is in the audit log (decision 0032): the amount, the loan, its book and member.
      const record = (await loans.findLoanRecord(tx, loanId))!;
      const member = (await users.usersByIds(ctx, [record.loan.userId], tx)).get(record.loan.userId);
      await audit.record(
        ctx,
        p,
        {
          action: 'library.fine_waived',
          target: { type: 'loan', id: loanId, label: `${record.book.title} — ${member?.email ?? record.loan.userId}` },
          details: { amount: rupees(record.finePaise), book: record.book.title, member: member?.email ?? null },
        },
        tx,
      );
    }
    return true;
  });
  if (!settled) {
    const loan = await loans.findLoan(ctx.db, loanId);
    if (!loan) throw loanNotFound();
    if (!loan.returnedOn) throw conflict(MSG.fineNotFixed, 'FINE_NOT_FIXED');
    if (!loan.finePaise) throw conflict(MSG.noFine, 'NO_FINE');
    throw conflict(MSG.fineAlreadySettled, 'FINE_ALREADY_SETTLED');
  }
  return loanView(ctx, loanId);
}

/** The caller's loans; the desk may name a member or list everyone's. Never another member's for a non-desk caller. */
export async function listLoans(ctx: AppContext, p: Principal, q: ListLoansQuery) {
  let userId = q.userId;
  if (!isDesk(p)) {
    if (userId && userId !== p.user.id) throw forbidden(MSG.loanNotYours, 'LOAN_NOT_YOURS');
    userId = p.user.id;
  }
  const { rows, total } = await loans.listLoans(ctx.db, { ...q, userId });
  const people = await users.usersByIds(ctx, peopleOf(rows));
  return { loans: rows.map((r) => presentLoan(r, people)), total };
}

/** A member's unreturned loans (at most 100, by due date) with the book, for their calendar (issue 27). */
export async function openLoansOf(ctx: AppContext, userId: string): Promise<Loan[]> {
  const { rows } = await loans.listLoans(ctx.db, { userId, status: 'unreturned', page: 1, pageSize: 100 });
  const people = await users.usersByIds(ctx, peopleOf(rows));
  return rows.map((r) => presentLoan(r, people));
}

/** The caller's unpaid fines (rupees, accruing ones included) and number of overdue loans. */
export async function myFines(ctx: AppContext, p: Principal) {
  const f = await loans.memberFines(ctx.db, p.user.id);
  return { total: rupees(f.owedPaise), overdue: f.overdue };
}

/** The caller's loans on hand, overdue and due soon. */
export const mySummary = (ctx: AppContext, p: Principal) => loans.memberSummary(ctx.db, p.user.id, DUE_SOON_DAYS);

/** GET /library/students/{id}/loans (account id or student ID): a student's loans, by the ID-card rule (a Student only their own). */
export async function studentLoans(ctx: AppContext, p: Principal, ref: string, q: Omit<ListLoansQuery, 'userId'>) {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.loansOwnOnly, 'LOAN_NOT_YOURS'));
  const { rows, total } = await loans.listLoans(ctx.db, { ...q, userId: student.id });
  const people = await users.usersByIds(ctx, peopleOf(rows));
  return { loans: rows.map((r) => presentLoan(r, people)), total };
}

/** GET /library/students/{id}/summary: a student's loans on hand, overdue and due soon, by the ID-card rule. */
export async function studentSummary(ctx: AppContext, p: Principal, ref: string) {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.loansOwnOnly, 'LOAN_NOT_YOURS'));
  return loans.memberSummary(ctx.db, student.id, DUE_SOON_DAYS);
}

/** Active members matching a name, email or student ID, with loans on hand and fines owed (desk). */
export async function findMembers(ctx: AppContext, q: string, limit: number) {
  const found = await users.searchActiveUsers(ctx, q, limit);
  const figures = await desk.loanFiguresOf(ctx.db, found.map((m) => m.id));
  return { members: found.map((m) => presentMember(m, figures.get(m.id))) };
}

/** Catalogue and circulation totals for the desk's dashboard. */
export async function deskStats(ctx: AppContext) {
  const [catalogue, circulation] = await Promise.all([books.catalogueTotals(ctx.db), desk.circulationTotals(ctx.db)]);
  return {
    books: catalogue.books,
    copiesTotal: catalogue.copiesTotal,
    copiesOnLoan: circulation.onLoan,
    overdueLoans: circulation.overdue,
    finesOutstanding: rupees(circulation.owedPaise),
  };
}

// ---------------------------------------------------------------------------------------------
// Seeding

/**
 * Seeds the demo library on an empty catalogue: the demo books, and loans of the demo students
 * (found through the users module) issued by the demo librarian. False when there were books.
 */
export async function seedDemoLibrary(ctx: AppContext): Promise<boolean> {
  const students = await users.activeUsersWithRole(ctx, 'Student');
  const librarianId = await users.userIdByEmail(ctx, DEMO_LIBRARIAN);
  return seedLibrary(ctx, { students, librarianId: librarianId ?? null });
}

/** Adds `count` synthetic books for load tests and benchmarks (see seedBooks); how many were added. */
export const seedSyntheticBooks = (db: Db, count: number): Promise<number> => seedBooks(db, { count });

// For analytics and reports (issue 14) --------------------------------------------------------

/** Per week from `from`'s to `to`'s (Mondays, college time): loans issued, returned, and overdue at the week's end. */
export const weeklyCirculation = (ctx: AppContext, from: string, to: string) => loans.weeklyCirculation(ctx.db, from, to, ctx.config.timeZone);

/** Number of loans overdue now (Open Tasks). */
export const overdueLoanCount = async (ctx: AppContext) => (await desk.circulationTotals(ctx.db)).overdue;

/** Loans overdue now or holding an unsettled fine, most overdue first (at most `limit`), as the API shapes loans. */
export async function overdueAndFines(ctx: AppContext, limit: number): Promise<Loan[]> {
  const rows = await loans.overdueOrOwing(ctx.db, limit);
  const people = await users.usersByIds(ctx, peopleOf(rows));
  return rows.map((r) => presentLoan(r, people));
}

// For the notification engine's reminders (issue 30) ------------------------------------------

/** Unreturned loans due within 2 days or overdue, each at its reminder stage with the fine so far (loans.repository's loansToRemind). */
export const loansToRemind = (ctx: AppContext) => loans.loansToRemind(ctx.db, ctx.config.timeZone);

// For the job runner (decision 0053) -----------------------------------------------------------

/** Expires ready holds past their pickup time and passes their copies on (the `library.holds-expire` job). */
export const expireHolds = (ctx: AppContext) => holdsService.expireHolds(ctx);
