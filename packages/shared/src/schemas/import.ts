import { z } from 'zod';

/**
 * The contract of the one import pipeline (server `lib/import`, web `ImportDialog`): every upload
 * that creates rows (books, alumni, users, marks, timetables) answers these shapes.
 *
 * `POST /<module>/import?dryRun=true` (multipart, one file field `file`): parse and validate
 * everything, write nothing, answer `importResultSchema` with a preview.
 * `POST /<module>/import`: the same checks; with any bad row → 422 `importErrorSchema` and nothing
 * written; else every row in one transaction → 200 `importResultSchema` (`dryRun: false`).
 */

/** Largest CSV upload (quality.md: CSV ≤ 2 MiB); a larger file is refused whole with 413. */
export const IMPORT_MAX_CSV_BYTES = 2 * 1024 * 1024;
/** Largest .xlsx/.xls upload (quality.md: spreadsheets ≤ 5 MiB). */
export const IMPORT_MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;
/** Default cap on data rows in one file (the server's CRS_IMPORT_MAX_ROWS). */
export const IMPORT_DEFAULT_MAX_ROWS = 50_000;
/** What the file picker accepts. */
export const IMPORT_ACCEPT = '.csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** How a column of an import is described: the web builds its template and help from this. */
export interface ImportColumn {
  /** The field name (`graduationYear`); the header may also spell it `Graduation Year`. */
  key: string;
  /** What the template's header row says. */
  label: string;
  required?: boolean;
  /** Other accepted headers (`copiesTotal` for `copies`), matched like the key. */
  aliases?: readonly string[];
  /** One example value for the template's second row. */
  example?: string;
  /** A short help text (format, separators for lists). */
  hint?: string;
}

/** Header matching: case-, space-, underscore- and hyphen-insensitive ('Graduation Year' = 'graduationYear'). */
export function normalizeHeader(header: string): string {
  return header.normalize('NFKC').toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The import's texts that name a column, a row or a number. */
export const importText = {
  unknownColumn: (header: string, meant?: string) =>
    meant ? `Unknown column "${header}": did you mean "${meant}"?` : `Unknown column "${header}": remove it or rename it to one of the template's columns`,
  duplicateColumn: (header: string, earlier: string) => `Column "${header}" repeats column "${earlier}"`,
  missingColumn: (label: string) => `The required column "${label}" is missing`,
  blankHeader: (position: number) => `Column ${position} has values but no header`,
  repeatedRow: (firstRow: number) => `The same record as row ${firstRow} of this file`,
  repeatedValue: (firstRow: number) => `Row ${firstRow} of this file has the same value`,
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows; split it into smaller files`,
  cellTooLong: (max: number) => `At most ${max.toLocaleString('en-US')} characters`,
  cellOverSpreadsheetLimit: (max: number) => `A cell of the file holds more than ${max.toLocaleString('en-US')} characters, more than a spreadsheet cell can; it was not opened`,
};

/** One bad row: `row` is the row number a spreadsheet shows (header = 1); `field` is the column key, or null for the whole row. */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'skip', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One previewed row: its cells by column key, as read (text), and what the import would do with it. */
export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  values: z.record(z.string(), z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** At most this many rows come back in a preview (the first rows of the file, in order). */
export const IMPORT_PREVIEW_ROWS = 100;
/** At most this many row errors are reported (a file that is wrong everywhere stops there). */
export const IMPORT_MAX_ERRORS = 1000;
/**
 * The longest cell any import column takes when its schema sets no smaller limit: a longer one is
 * an error on that row and column (the schemas' own limits, e.g. a title's 300, come first).
 */
export const IMPORT_CELL_MAX_CHARS = 5_000;
/** A preview or an error quotes at most this many characters of a cell or header, then '…'. */
export const IMPORT_QUOTE_MAX_CHARS = 200;
/**
 * What a dry run's answer may weigh as JSON (under 1 MiB with room for the rest): errors first,
 * then preview rows while they fit; `rows` then holds fewer than IMPORT_PREVIEW_ROWS (the preview
 * says "the first N of M rows").
 */
export const IMPORT_ANSWER_MAX_BYTES = 900 * 1024;

/** Text quoted back to the client, cut to `max` characters with an ellipsis (never half of a surrogate pair). */
export function quoteCell(text: string, max = IMPORT_QUOTE_MAX_CHARS): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** The answer of a dry run (the preview) and of a successful import. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Rows that were (or would be) created, updated in place, or skipped as already present. */
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Every bad row (empty after a successful import). */
  errors: z.array(importRowErrorSchema),
  /** The first IMPORT_PREVIEW_ROWS rows (empty after a real import). */
  rows: z.array(importPreviewRowSchema),
  /** The column keys the file's header matched, in file order. */
  columns: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 422 answer of a real import with bad rows: nothing was written. */
export const importErrorSchema = z.object({
  message: z.string(),
  code: z.literal('IMPORT_INVALID'),
  errors: z.array(importRowErrorSchema),
});
export type ImportErrorBody = z.infer<typeof importErrorSchema>;

/** `?dryRun=true` (also `1`); anything else is a real import. */
export const importQuery = z.strictObject({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
