import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { importIdColumn, stagingTable } from '../../lib/import/staging-table.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One real book import (decision 0016). Its books are written in short committed batches while it
 * is `pending` and every read of books hides them; one tiny transaction flips it to `committed`,
 * which shows them all at once. A failed or interrupted import is deleted, and its books with it
 * (books.import_id cascades). The partial unique index lets one import be pending at a time.
 * `rows` is the number of books written so far (all of them once committed).
 */
export const bookImports = stagingTable('book_imports', () => users.id);

/**
 * The catalogue. search_text (lower-cased title, authors, subjects, tags, publisher, ISBN),
 * search_vector (the same, weighted A title, B authors, C subjects/tags, D publisher/ISBN),
 * title_vector and sort_title are kept by the trigger `books_search_refresh` (migrations 0001,
 * 0002, 0014), not by the application, so every
 * writer — API, CSV import, seed, bulk CLI, restore — gets them. A trigger rather than generated
 * columns because array_to_string is not IMMUTABLE and because restore inserts every column.
 */
export const books = pgTable(
  'books',
  {
    // What a search reads of every row it scans comes first, in this order on disk (migration 0014):
    // a row is unpacked up to the last column a condition needs, and the arrays before a column make
    // each reach for it slower (decision 0013).
    id: uuid('id').primaryKey().defaultRandom(),
    /** The import that wrote the book (null: added otherwise); hidden while that import is pending. */
    importId: importIdColumn(bookImports),
    searchText: text('search_text').notNull().default(''),
    /** The title alone: the first tier of ranked candidates (decision 0013). */
    titleVector: tsvector('title_vector').notNull().default(sql`''::tsvector`),
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    /** lower(title): catalogue order, and what a search sorts its candidates by. */
    sortTitle: text('sort_title').notNull().default(''),
    title: text('title').notNull(),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    subjects: text('subjects').array().notNull().default(sql`'{}'::text[]`),
    publisher: text('publisher'),
    year: integer('year'),
    /** Normalized (digits, final X): unique when present. */
    isbn: text('isbn'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    copiesTotal: integer('copies_total').notNull(),
    copiesAvailable: integer('copies_available').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('books_isbn_key').on(t.isbn),
    // Catalogue order (empty search) and the import's natural key; "C" keeps both databases alike.
    index('books_title_sort_idx').on(sql`${t.sortTitle} collate "C"`, t.id),
    index('books_search_vector_idx').using('gin', t.searchVector),
    index('books_title_vector_idx').using('gin', t.titleVector),
    index('books_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The cascade from a failed import, and its pending count, find its books through this.
    index('books_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    check('books_copies_check', sql`0 <= ${t.copiesAvailable} and ${t.copiesAvailable} <= ${t.copiesTotal}`),
  ],
);

export type BookRow = typeof books.$inferSelect;

/**
 * The number of books, kept exact by statement-level triggers on books (migration 0001), so the
 * catalogue listing can answer its total without counting 100k+ rows on every request.
 */
export const bookCount = pgTable(
  'book_count',
  {
    id: integer('id').primaryKey().default(1),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('book_count_single_row', sql`${t.id} = 1`)],
);

/** The running number of accession numbers the library gives (prefix from library_settings, decision 0051). */
export const accessionSeq = pgSequence('library_accession_seq', { startWith: 1 });

/** A copy's state. on_hold_shelf is kept for a member's hold (issue 31 item 4). */
export const COPY_STATUS_SQL = sql`'available', 'on_loan', 'on_hold_shelf', 'lost', 'damaged', 'withdrawn'`;

/**
 * One physical copy (an item), registered by its accession number, which is also its Code 128
 * barcode. The book's copies_total (copies neither lost nor withdrawn) and copies_available
 * (status available) are kept from these rows by the statement-level triggers
 * `library_copies_counts_*` (migration 0029), for every writer; the catalogue reads the counts.
 */
export const libraryCopies = pgTable(
  'library_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** Upper-case letters, digits, '-', '/' and '.': what a Code 128 label and a USB scanner carry back. */
    accession: text('accession').notNull(),
    status: text('status').notNull().default('available'),
    shelf: text('shelf'),
    acquiredOn: date('acquired_on'),
    pricePaise: integer('price_paise'),
    /** The acquisition batch the copy came in (labels are printed per batch). */
    batch: text('batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('library_copies_accession_key').on(t.accession),
    index('library_copies_book_status_idx').on(t.bookId, t.status),
    index('library_copies_batch_idx').on(t.batch).where(sql`${t.batch} is not null`),
    check('library_copies_status_check', sql`${t.status} in (${COPY_STATUS_SQL})`),
    check('library_copies_price_check', sql`${t.pricePaise} is null or ${t.pricePaise} >= 0`),
  ],
);

export type CopyRow = typeof libraryCopies.$inferSelect;

/**
 * One copy of a book lent to a member. returned_on null = on loan. fine_paise is fixed on return
 * (while on loan the fine is computed live from library_settings); paid or waived by the desk.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    /** The copy that went out (migration 0029 numbered the copies of older loans). */
    copyId: uuid('copy_id')
      .notNull()
      .references(() => libraryCopies.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedOn: timestamp('issued_on', { withTimezone: true }).notNull().defaultNow(),
    dueOn: timestamp('due_on', { withTimezone: true }).notNull(),
    renewals: integer('renewals').notNull().default(0),
    returnedOn: timestamp('returned_on', { withTimezone: true }),
    returnedBy: uuid('returned_by').references(() => users.id, { onDelete: 'set null' }),
    finePaise: integer('fine_paise'),
    finePaidAt: timestamp('fine_paid_at', { withTimezone: true }),
    fineWaivedAt: timestamp('fine_waived_at', { withTimezone: true }),
    fineSettledBy: uuid('fine_settled_by').references(() => users.id, { onDelete: 'set null' }),
    /** overdue: fine_paise is the late fine; replacement: the copy was lost on this loan and fine_paise adds its cost. */
    fineKind: text('fine_kind').notNull().default('overdue'),
  },
  (t) => [
    // One active loan per member and book: the backstop behind the service's own check.
    uniqueIndex('loans_one_active_per_member_book').on(t.userId, t.bookId).where(sql`${t.returnedOn} is null`),
    // A copy is out on one loan at a time: the backstop behind the copy's conditional status change.
    uniqueIndex('loans_one_active_per_copy').on(t.copyId).where(sql`${t.returnedOn} is null`),
    index('loans_user_idx').on(t.userId, t.issuedOn),
    index('loans_book_idx').on(t.bookId),
    index('loans_active_due_idx').on(t.dueOn).where(sql`${t.returnedOn} is null`),
    check('loans_renewals_check', sql`${t.renewals} >= 0`),
    check('loans_fine_check', sql`${t.finePaise} is null or ${t.finePaise} >= 0`),
    check('loans_fine_settled_once', sql`${t.finePaidAt} is null or ${t.fineWaivedAt} is null`),
    check('loans_fine_kind_check', sql`${t.fineKind} in ('overdue', 'replacement')`),
    check('loans_returned_after_issue', sql`${t.returnedOn} is null or ${t.returnedOn} >= ${t.issuedOn}`),
  ],
);

export type LoanRow = typeof loans.$inferSelect;

/** The circulation rules: exactly one row (id 1), created by the migration. Money in paise. */
export const librarySettings = pgTable(
  'library_settings',
  {
    id: integer('id').primaryKey().default(1),
    loanPeriodDays: integer('loan_period_days').notNull().default(14),
    finePerDayPaise: integer('fine_per_day_paise').notNull().default(200),
    graceDays: integer('grace_days').notNull().default(0),
    maxFinePaise: integer('max_fine_paise').notNull().default(20000),
    maxActiveLoans: integer('max_active_loans').notNull().default(5),
    renewalsAllowed: integer('renewals_allowed').notNull().default(2),
    finesBlockPaise: integer('fines_block_paise').notNull().default(50000),
    /** New accession numbers are this prefix, '-', and the running number (library_accession_seq) in 6 digits. */
    accessionPrefix: text('accession_prefix').notNull().default('ACC'),
    /** What a lost copy without a recorded price costs its member. */
    replacementPaise: integer('replacement_paise').notNull().default(50000),
    /** Days a member has to collect a copy kept for their hold on the hold shelf (issue 31 item 4). */
    holdPickupDays: integer('hold_pickup_days').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('library_settings_single_row', sql`${t.id} = 1`),
    check(
      'library_settings_ranges',
      sql`${t.loanPeriodDays} >= 1 and ${t.finePerDayPaise} >= 0 and ${t.graceDays} >= 0 and ${t.maxFinePaise} >= 0 and ${t.maxActiveLoans} >= 1 and ${t.renewalsAllowed} >= 0 and ${t.finesBlockPaise} >= 0 and ${t.replacementPaise} >= 0 and ${t.holdPickupDays} >= 1`,
    ),
  ],
);

export type LibrarySettingsRow = typeof librarySettings.$inferSelect;

/**
 * A member's hold on a title none of whose copies was on the shelf (issue 31 item 4, decision 0053).
 * waiting → ready (a returned copy kept for them on the hold shelf, `copy_id`, until `expires_at`)
 * → collected (issued to them), or cancelled / expired (the copy passes to the next in line).
 * Served first come first served by `placed_at` (then `seq`, one statement's ties).
 */
export const libraryHolds = pgTable(
  'library_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'waiting' | 'ready' | 'collected' | 'cancelled' | 'expired'>().notNull().default('waiting'),
    /** The copy kept on the hold shelf while ready. */
    copyId: uuid('copy_id').references(() => libraryCopies.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open hold per member and title.
    uniqueIndex('library_holds_one_open').on(t.userId, t.bookId).where(sql`${t.status} in ('waiting', 'ready')`),
    // One hold per copy on the hold shelf.
    uniqueIndex('library_holds_one_per_copy').on(t.copyId).where(sql`${t.status} = 'ready'`),
    // The queue of a title, first come first served.
    index('library_holds_queue_idx').on(t.bookId, t.placedAt, t.seq).where(sql`${t.status} = 'waiting'`),
    index('library_holds_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
    index('library_holds_user_idx').on(t.userId, t.placedAt),
    check('library_holds_status_check', sql`${t.status} in ('waiting', 'ready', 'collected', 'cancelled', 'expired')`),
    check('library_holds_ready_copy', sql`${t.status} <> 'ready' or (${t.copyId} is not null and ${t.expiresAt} is not null)`),
  ],
);

export type HoldRow = typeof libraryHolds.$inferSelect;

/**
 * A stock verification (issue 31 item 6): the copies of one shelf location (or the whole library)
 * checked against what was scanned. Open: any number of sessions and devices add scans; closed: its
 * report is frozen in `report` (what it was at closing) and no scan is taken.
 */
export const libraryVerifications = pgTable(
  'library_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shelf location verified; null: the whole library. */
    shelf: text('shelf'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The report as it stood at closing (the copies change afterwards; the verification does not). */
    report: jsonb('report'),
  },
  (t) => [check('library_verifications_status_check', sql`${t.status} in ('open', 'closed')`), index('library_verifications_started_idx').on(t.startedAt)],
);

export type VerificationRow = typeof libraryVerifications.$inferSelect;

/** One barcode scanned during a verification: keyed by both, so a repeated scan (any device) changes nothing. */
export const libraryVerificationScans = pgTable(
  'library_verification_scans',
  {
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => libraryVerifications.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.verificationId, t.barcode] })],
);
