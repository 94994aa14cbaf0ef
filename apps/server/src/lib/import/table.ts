import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';
import { checkZip } from './zip-guard.ts';
import { decodeUtf8 } from './file.ts';
import type { FileKind } from './file.ts';
import { CsvError, csvRows, SheetUnreadable, spreadsheetRows } from './sheet.mjs';

export { detectDelimiter } from './sheet.mjs';

/** A file's cells as text, row by row: index 0 is spreadsheet row 1 (the header). */
export type Table = string[][];

const invalidFile = (message: string) => new AppError(400, 'IMPORT_UNREADABLE', message);

/** The answer to a CSV whose quoting broke at `line`. */
export const csvQuotingError = (line: number) => invalidFile(`${MSG.importNotCsv} (row ${line})`);
/** The answer to a spreadsheet the parser could not read. */
export const unreadableSpreadsheet = () => invalidFile(MSG.importUnreadable);

/** A CSV's rows (UTF-8, BOM dropped, CRLF or LF, ',' ';' or tab); a quoting error is a 400 naming the row. */
export function readCsv(buf: Buffer, maxRows: number): Table {
  try {
    return csvRows(decodeUtf8(buf), maxRows);
  } catch (err) {
    throw err instanceof CsvError ? csvQuotingError(err.line) : err;
  }
}

/**
 * The first sheet of an .xlsx or .xls as the spreadsheet shows it (sheet.mjs): every cell as its
 * displayed text. An .xlsx passes the zip-bomb check first; parsing stops after maxRows + 1 data
 * rows so an oversized sheet costs no more than that.
 */
export function readSpreadsheet(buf: Buffer, kind: 'xlsx' | 'xls', maxRows: number): Table {
  if (kind === 'xlsx') checkZip(buf);
  try {
    return spreadsheetRows(buf, maxRows);
  } catch (err) {
    throw err instanceof SheetUnreadable ? unreadableSpreadsheet() : err;
  }
}

/** Any import file's rows as text, by the kind its content showed. */
export function readTable(buf: Buffer, kind: FileKind, maxRows: number): Table {
  return kind === 'csv' ? readCsv(buf, maxRows) : readSpreadsheet(buf, kind, maxRows);
}
