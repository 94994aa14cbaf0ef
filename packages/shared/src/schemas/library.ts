import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { idParamsWith, pagedResponse, pageQuery, uuidField } from './common.ts';
import type { ImportColumn } from './import.ts';

/**
 * An accession number, which is also the copy's Code 128 barcode: upper-case letters, digits and
 * - / . (what a label and a USB scanner carry back unchanged). Typed or scanned lower-case, it is
 * upper-cased.
 */
export const accessionField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9/.-]{0,31}$/, MSG.accessionFormat);

/** A loan is due soon (bell dot, dashboard) when it falls due within this many days. */
export const DUE_SOON_DAYS = 3;
/**
 * The book import's columns (POST /library/books/import, CSV or spreadsheet). Only title is
 * required; lists inside a cell are separated by ';' or '|'; blank copies means 1.
 */
export const BOOK_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'title', label: 'title', required: true, example: 'Operating System Concepts' },
  { key: 'authors', label: 'authors', example: 'Abraham Silberschatz; Peter B. Galvin; Greg Gagne', hint: "separate names with ';'" },
  { key: 'subjects', label: 'subjects', example: 'Operating Systems; Computer Science', hint: "separate subjects with ';'" },
  { key: 'publisher', label: 'publisher', example: 'Wiley' },
  { key: 'year', label: 'year', example: '2018' },
  { key: 'isbn', label: 'isbn', example: '9781119456339', hint: 'ISBN-10 or ISBN-13' },
  { key: 'tags', label: 'tags', example: 'textbook; cse', hint: "separate tags with ';'" },
  { key: 'copies', label: 'copies', aliases: ['copiesTotal', 'copies total', 'quantity'], example: '4', hint: 'whole number; blank means 1' },
  // The college's register (issue 31): one row per copy, by accession number, instead of a count.
  { key: 'accession', label: 'accession', aliases: ['accession number', 'accession no', 'acc no', 'barcode'], example: 'SVCE-000123', hint: 'one row per copy; leave copies blank' },
  { key: 'shelf', label: 'shelf', aliases: ['location', 'shelf location'], example: 'CSE-R4-S2' },
  { key: 'acquired', label: 'acquired', aliases: ['acquired on', 'date of purchase', 'purchase date'], example: '2024-07-29', hint: 'year-month-day' },
  { key: 'price', label: 'price', aliases: ['cost', 'price (rs)'], example: '649.50', hint: 'rupees' },
  { key: 'batch', label: 'batch', aliases: ['acquisition batch', 'purchase order', 'po'], example: 'PO-2024-25/041' },
];



// ---------------------------------------------------------------------------------------------
// ISBN

/** Strips spaces and hyphens and upper-cases a final x: '0-13-468599-x' → '013468599X'. */
export function normalizeIsbn(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** True when `isbn` (normalized) is an ISBN-10 or ISBN-13 whose check digit matches. */
export function isValidIsbn(isbn: string): boolean {
  if (/^\d{9}[\dX]$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (10 - i) * (isbn[i] === 'X' ? 10 : Number(isbn[i]));
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(isbn[i]);
    return sum % 10 === 0;
  }
  return false;
}

/** The check digit that completes the first 12 digits of an ISBN-13. */
export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

/** An ISBN as typed ('978-0-13-468599-1'), stored normalized; blank means none (null). */
export const isbnField = z
  .string()
  .trim()
  .max(32, MSG.isbnFormat)
  .transform((v, ctx) => {
    if (v === '') return null;
    const isbn = normalizeIsbn(v);
    if (!/^(\d{9}[\dX]|\d{13})$/.test(isbn)) {
      ctx.addIssue({ code: 'custom', message: MSG.isbnFormat });
      return z.NEVER;
    }
    if (!isValidIsbn(isbn)) {
      ctx.addIssue({ code: 'custom', message: MSG.isbnChecksum });
      return z.NEVER;
    }
    return isbn;
  });

// ---------------------------------------------------------------------------------------------
// Books

const MAX_YEAR = new Date().getFullYear() + 1;
const listItem = z.string().trim().min(1).max(200);
const list = (max: number) => z.array(listItem).max(max, `At most ${max} entries`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const bookFields = {
  title: z.string().trim().min(1, MSG.bookTitleRequired).max(300, 'Title is too long'),
  authors: list(20),
  subjects: list(20),
  publisher: optionalText(200),
  year: z.number().int('Year must be a whole number').min(1400, 'Year is too early').max(MAX_YEAR, 'Year is too far in the future').nullable(),
  isbn: isbnField.nullable(),
  tags: list(30),
  copiesTotal: z.number().int('Copies must be a whole number').min(0, 'Copies cannot be negative').max(10_000, 'At most 10000 copies'),
};

/** POST /library/books: a new book; every copy starts available. */
export const createBookSchema = z.strictObject({
  title: bookFields.title,
  authors: bookFields.authors.default([]),
  subjects: bookFields.subjects.default([]),
  publisher: bookFields.publisher.optional(),
  year: bookFields.year.optional(),
  isbn: bookFields.isbn.optional(),
  tags: bookFields.tags.default([]),
  copiesTotal: bookFields.copiesTotal.default(1),
});
export type CreateBookInput = z.infer<typeof createBookSchema>;

/** PATCH /library/books/{id}: any subset; total copies never below the copies on loan (409). */
export const updateBookSchema = z
  .strictObject({
    title: bookFields.title.optional(),
    authors: bookFields.authors.optional(),
    subjects: bookFields.subjects.optional(),
    publisher: bookFields.publisher.optional(),
    year: bookFields.year.optional(),
    isbn: bookFields.isbn.optional(),
    tags: bookFields.tags.optional(),
    copiesTotal: bookFields.copiesTotal.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateBookInput = z.infer<typeof updateBookSchema>;

/** The one book shape of every answer (product.md section 2). */
export const bookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  subjects: z.array(z.string()),
  publisher: z.string().nullable(),
  year: z.number().int().nullable(),
  isbn: z.string().nullable(),
  tags: z.array(z.string()),
  copiesAvailable: z.number().int(),
  copiesTotal: z.number().int(),
});
export type Book = z.infer<typeof bookSchema>;

/**
 * A search ranks at most this many matching books. A broader query answers total = this number
 * with capped: true (show "1000+"); a narrower query finds the rest. An empty query is never capped.
 */
export const SEARCH_MAX_RESULTS = 1000;

/** GET /library/books: ranked search (empty q lists the catalogue by title). */
export const searchBooksQuery = z.strictObject({
  q: z.string().trim().max(200).default(''),
  ...pageQuery,
});
export type SearchBooksQuery = z.infer<typeof searchBooksQuery>;
/** `capped`: more than SEARCH_MAX_RESULTS books matched; `total` is then that cap. */
export const bookListResponse = pagedResponse('books', bookSchema).extend({ capped: z.boolean() });
export const bookIdParams = idParamsWith(MSG.bookNotFound);
export const bookResponse = z.object({ message: z.string(), book: bookSchema });

// ---------------------------------------------------------------------------------------------
// Settings (money in rupees on the wire, integer paise in the database)

const isWholePaise = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
export const rupeesField = z.number().min(0, 'Amount cannot be negative').max(1_000_000).refine(isWholePaise, MSG.moneyPaise);

/** GET/PUT /library/settings: the circulation rules. */
export const librarySettingsSchema = z.strictObject({
  loanPeriodDays: z.number().int().min(1, 'Loan period must be at least 1 day').max(365),
  finePerDay: rupeesField,
  graceDays: z.number().int().min(0).max(365),
  maxFinePerLoan: rupeesField,
  maxActiveLoans: z.number().int().min(1, 'Members must be allowed at least 1 loan').max(100),
  renewalsAllowed: z.number().int().min(0).max(20),
  finesBlockAt: rupeesField,
  /** New accession numbers are PREFIX-000123 (issue 31); left out of a PUT: unchanged. */
  accessionPrefix: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,12}$/, MSG.accessionPrefixFormat).optional(),
  /** What a lost copy with no recorded price costs its member (rupees); left out of a PUT: unchanged. */
  replacementCost: rupeesField.optional(),
  /** Days a member has to collect a copy kept for their hold (issue 31); left out of a PUT: unchanged. */
  holdPickupDays: z.number().int().min(1, 'Members must have at least 1 day to collect a hold').max(30).optional(),
});
export type LibrarySettings = z.infer<typeof librarySettingsSchema>;
export const librarySettingsResponse = librarySettingsSchema.extend({ accessionPrefix: z.string(), replacementCost: z.number(), holdPickupDays: z.number().int(), updatedAt: z.string() });

// ---------------------------------------------------------------------------------------------
// Loans

export const LOAN_STATUSES = ['active', 'overdue', 'returned'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const FINE_STATUSES = ['none', 'unpaid', 'paid', 'waived'] as const;

export const loanMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  studentId: z.string().nullable(),
});

/**
 * A loan (spec section 3 plus what the desk needs). fineAccrued is in rupees: live while the loan
 * is overdue, fixed when the book comes back. daysOverdue counts whole days past dueOn, rounded up.
 */
export const loanSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  book: bookSchema,
  userId: z.string(),
  member: loanMemberSchema,
  issuedOn: z.string(),
  dueOn: z.string(),
  returnedOn: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  daysOverdue: z.number().int(),
  renewals: z.number().int(),
  renewalsLeft: z.number().int(),
  fineAccrued: z.number(),
  fineStatus: z.enum(FINE_STATUSES),
  finePaidAt: z.string().nullable(),
  fineWaivedAt: z.string().nullable(),
  fineSettledBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The copy that went out: its accession number (= barcode). */
  accession: z.string(),
  /** overdue: a late fine; replacement: the copy was lost on this loan and the fine includes its cost. */
  fineKind: z.enum(['overdue', 'replacement']),
});
export type Loan = z.infer<typeof loanSchema>;

/** GET /library/loans: your loans; the desk may pass userId, or omit it to list everyone's. */
/** Loan filters: a status, or `unreturned` (active and overdue together). */
export const LOAN_FILTERS = [...LOAN_STATUSES, 'unreturned'] as const;
export type LoanFilter = (typeof LOAN_FILTERS)[number];

export const listLoansQuery = z.strictObject({
  userId: z.uuid('Invalid user id').optional(),
  bookId: z.uuid('Invalid book id').optional(),
  status: z.enum(LOAN_FILTERS).optional(),
  ...pageQuery,
});
export type ListLoansQuery = z.infer<typeof listLoansQuery>;
/** GET /library/students/{id}/loans (issue 25): one student's loans, the student in the path. */
export const studentLoansQuery = listLoansQuery.omit({ userId: true });
export const loanListResponse = pagedResponse('loans', loanSchema);
export const loanIdParams = idParamsWith(MSG.loanNotFound);
export const loanResponse = z.object({ message: z.string(), loan: loanSchema });

/** POST /library/books/{id}/issue and /return. A Student may omit userId (= themself). */
export const circulationBody = z.strictObject({ userId: z.uuid('Invalid user id').optional() });
export type CirculationBody = z.infer<typeof circulationBody>;

/** POST /library/loans/{id}/fine (desk). */
export const fineActionBody = z.strictObject({ action: z.enum(['pay', 'waive'], { error: "Action must be 'pay' or 'waive'" }) });

/** GET /library/fines: the caller's unpaid fines in rupees and number of overdue loans. */
export const finesResponse = z.object({ total: z.number(), overdue: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Desk

export const membersQuery = z.strictObject({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const memberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  studentId: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  activeLoans: z.number().int(),
  finesOwed: z.number(),
});
export const membersResponse = z.object({ members: z.array(memberSchema) });

/** GET /library/stats (desk dashboard). finesOutstanding in rupees, including fines still accruing. */
export const libraryStatsSchema = z.object({
  books: z.number().int(),
  copiesTotal: z.number().int(),
  copiesOnLoan: z.number().int(),
  overdueLoans: z.number().int(),
  finesOutstanding: z.number(),
});

/** GET /library/summary (any reader): dashboard counter and the bell's due-soon dot. */
export const librarySummarySchema = z.object({
  activeLoans: z.number().int(),
  overdueLoans: z.number().int(),
  dueSoon: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Copies (issue 31, decision 0051)

/** A copy's state; on_hold_shelf waits for the member who held the title (holds come with item 4). */
export const COPY_STATUSES = ['available', 'on_loan', 'on_hold_shelf', 'lost', 'damaged', 'withdrawn'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];
/** What the desk may set by hand: on_loan and on_hold_shelf come only from circulation. */
export const SETTABLE_COPY_STATUSES = ['available', 'lost', 'damaged', 'withdrawn'] as const;

const shelfField = z.string().trim().max(60).transform((v) => (v === '' ? null : v)).nullable();
const batchField = z.string().trim().max(60).transform((v) => (v === '' ? null : v)).nullable();
const isoDate = z.iso.date(MSG.dateFormat);

export const copySchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  accession: z.string(),
  /** The Code 128 barcode on the label: the accession number itself. */
  barcode: z.string(),
  status: z.enum(COPY_STATUSES),
  shelf: z.string().nullable(),
  acquiredOn: z.string().nullable(),
  /** Rupees. */
  price: z.number().nullable(),
  batch: z.string().nullable(),
});
export type Copy = z.infer<typeof copySchema>;

/** POST /library/books/{id}/copies: N new copies, numbered from the college's running number. */
export const addCopiesBody = z.strictObject({
  count: z.number().int().min(1, 'Add at least 1 copy').max(500, 'At most 500 copies at once'),
  shelf: shelfField.optional(),
  acquiredOn: isoDate.nullable().optional(),
  price: rupeesField.nullable().optional(),
  batch: batchField.optional(),
});
export type AddCopiesInput = z.infer<typeof addCopiesBody>;

/** PATCH /library/books/{id}/copies/{copyId} and /library/copies/{barcode}: any subset. */
export const updateCopyBody = z
  .strictObject({
    status: z.enum(SETTABLE_COPY_STATUSES).optional(),
    shelf: shelfField.optional(),
    acquiredOn: isoDate.nullable().optional(),
    price: rupeesField.nullable().optional(),
    batch: batchField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateCopyInput = z.infer<typeof updateCopyBody>;

export const copyListResponse = z.object({ copies: z.array(copySchema) });
export const copiesAddedResponse = z.object({ message: z.string(), copies: z.array(copySchema) });
export const copyParams = z.strictObject({ id: uuidField(MSG.bookNotFound), copyId: uuidField(MSG.copyNotFound) });
export const barcodeParams = z.strictObject({ barcode: accessionField });
/** A copy with its title and, when on loan, whose loan (GET /library/copies/{barcode}). */
export const copyDetailSchema = copySchema.extend({ title: z.string(), loan: loanSchema.nullable() });
export const copyResponse = z.object({ message: z.string(), copy: copyDetailSchema });

/** Label stock on A4, edge to edge: columns × rows. */
export const LABEL_LAYOUTS = { '3x8': { cols: 3, rows: 8 }, '4x10': { cols: 4, rows: 10 } } as const;
export type LabelLayout = keyof typeof LABEL_LAYOUTS;

/** GET /library/copies/labels: these barcodes (comma-separated) or a whole acquisition batch. */
export const labelsQuery = z
  .strictObject({
    barcodes: z
      .string()
      .max(20_000)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))])
      .optional(),
    batch: z.string().trim().min(1).max(60).optional(),
    /** The sheet: 3 × 8 (24 labels of 70 × 37 mm) or 4 × 10 (40 of 52.5 × 29.7 mm), both on A4. */
    layout: z.enum(['3x8', '4x10'] as const satisfies readonly LabelLayout[]).default('3x8'),
  })
  .refine((v) => (v.barcodes?.length ?? 0) > 0 || v.batch !== undefined, { message: MSG.labelsWhich });

// ---------------------------------------------------------------------------------------------
// Scanning desk

/**
 * POST /library/desk/scan. `member`: what the member's card gives the scanner (student ID,
 * employee ID, or the ID card's QR payload); needed to issue, not to return. `barcode`: the copy's.
 */
export const deskScanBody = z.strictObject({
  member: z.string().trim().max(300).optional(),
  barcode: accessionField,
});
export type DeskScanInput = z.infer<typeof deskScanBody>;
/** What a scan did: the copy issued to the member, or returned (with the fine it fixed, rupees). */
export const deskScanResponse = z.object({
  action: z.enum(['issued', 'returned']),
  message: z.string(),
  loan: loanSchema,
  /** The fine this loan owes (rupees): 0 for an issue. */
  fineOwed: z.number(),
  /** Everything the member owes now (rupees, accruing fines included). */
  memberFinesOwed: z.number(),
});
export type DeskScanResult = z.infer<typeof deskScanResponse>;

/** POST /library/desk/member: who a scanned card is, before any copy (the desk card's first scan). */
export const deskMemberBody = z.strictObject({ member: z.string().trim().min(1, MSG.deskMemberUnknown).max(300) });
export const deskMemberResponse = memberSchema;

/** One copy of an import row (a row of the college's register): the accession number and the rest, checked. */
export const importedCopySchema = z.strictObject({
  accession: accessionField,
  shelf: z.string().trim().max(60).transform((v) => (v === '' ? null : v)).nullable(),
  acquiredOn: z.iso.date(MSG.dateFormat).nullable(),
  price: rupeesField.nullable(),
  batch: z.string().trim().max(60).transform((v) => (v === '' ? null : v)).nullable(),
});
export type ImportedCopyInput = z.infer<typeof importedCopySchema>;

// ---------------------------------------------------------------------------------------------
// Holds (issue 31 item 4, decision 0053)

export const HOLD_STATUSES = ['waiting', 'ready', 'collected', 'cancelled', 'expired'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** A member's hold on a title: waiting in line (`position`), or ready on the hold shelf until `expiresAt`. */
export const holdSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  book: bookSchema,
  status: z.enum(HOLD_STATUSES),
  /** Place in the title's queue (1 = next) while waiting; null otherwise. */
  position: z.number().int().nullable(),
  placedAt: z.string(),
  readyAt: z.string().nullable(),
  /** The last moment to collect a ready hold. */
  expiresAt: z.string().nullable(),
  /** The copy kept on the hold shelf (accession number) while ready. */
  accession: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;
export const holdResponse = z.object({ message: z.string(), hold: holdSchema });
export const holdListResponse = z.object({ holds: z.array(holdSchema) });
export const holdIdParams = idParamsWith(MSG.holdNotFound);
/** POST /library/books/{id}/holds: for the caller; the desk may place one for a member. */
export const placeHoldBody = z.strictObject({ userId: uuidField(MSG.memberNotFound).optional() }).nullish();

/** The desk's view of a hold: with its member. */
export const deskHoldSchema = holdSchema.extend({ member: z.object({ _id: z.string(), name: z.string(), email: z.string() }) });
/** GET /library/holds/shelf: copies on the hold shelf (ready) and holds that lapsed lately (expired, last 14 days). */
export const holdShelfResponse = z.object({ ready: z.array(deskHoldSchema), expired: z.array(deskHoldSchema) });

// ---------------------------------------------------------------------------------------------
// Public catalogue (OPAC, issue 31 item 5)

/** One copy as the public sees it: number, shelf and whether it is on the shelf — nothing about who has it. */
export const opacCopySchema = z.object({
  accession: z.string(),
  shelf: z.string().nullable(),
  available: z.boolean(),
  status: z.enum(['available', 'on_loan', 'on_hold_shelf', 'unavailable']),
});
export const opacBookSchema = bookSchema.extend({ copies: z.array(opacCopySchema) });
export const opacSearchQuery = z.strictObject({
  q: z.string().trim().max(200).default(''),
  page: pageQuery.page,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const opacSearchResponse = pagedResponse('books', opacBookSchema).extend({ capped: z.boolean() });
export type OpacBook = z.infer<typeof opacBookSchema>;

// ---------------------------------------------------------------------------------------------
// Stock verification (issue 31 item 6)

export const verificationSchema = z.object({
  _id: z.string(),
  /** The shelf location verified; null: the whole library. */
  shelf: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Copies expected (in scope, neither lost nor withdrawn) and barcodes scanned so far. */
  expected: z.number().int(),
  scanned: z.number().int(),
});
export type Verification = z.infer<typeof verificationSchema>;
export const startVerificationBody = z.strictObject({ shelf: z.string().trim().max(60).transform((v) => (v === '' ? null : v)).nullable().optional() });
export const verificationIdParams = idParamsWith(MSG.verificationNotFound);
export const verificationResponse = z.object({ message: z.string(), verification: verificationSchema });
export const verificationListResponse = z.object({ verifications: z.array(verificationSchema) });
/** POST /library/verifications/{id}/scans: one barcode or a batch from a device that was offline. */
export const verificationScanBody = z.strictObject({ barcodes: z.array(accessionField).min(1).max(1000) });
export const verificationScanResponse = z.object({
  message: z.string(),
  /** How many of these barcodes were new to this verification (a repeat changes nothing). */
  added: z.number().int(),
  verification: verificationSchema,
  /** What the last barcode is: a copy of the register (title, shelf) or unexpected. */
  last: z.object({ barcode: z.string(), title: z.string().nullable(), shelf: z.string().nullable(), known: z.boolean() }),
});

const reportCopy = z.object({ accession: z.string(), title: z.string(), shelf: z.string().nullable(), status: z.enum(COPY_STATUSES) });
/** The report: missing (expected, not scanned, not on loan), found on another shelf, on loan (not scanned), unexpected barcodes. */
export const verificationReportSchema = z.object({
  verification: verificationSchema,
  missing: z.array(reportCopy),
  wrongShelf: z.array(reportCopy),
  onLoan: z.array(reportCopy),
  unexpected: z.array(z.string()),
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;
