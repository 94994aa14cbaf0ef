import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';
import { importText } from '@crs/shared/schemas/import';
import { CELL_MAX_CHARS, zipRefused } from './sheet.mjs';

export { ZIP_MAX_ENTRIES, ZIP_MAX_INFLATED_BYTES, ZIP_MAX_RATIO } from './sheet.mjs';

/** The answer to a spreadsheet that would unpack into too much. */
export const zipRefusal = () => new AppError(415, 'SPREADSHEET_REFUSED', MSG.importSpreadsheetRefused);
/** The answer to a spreadsheet with a text longer than any cell can hold (a 45 MiB cell, issue 25). */
export const cellRefusal = () => new AppError(413, 'CELL_TOO_LONG', importText.cellOverSpreadsheetLimit(CELL_MAX_CHARS));

/**
 * Refuses an .xlsx that would unpack into too much before any spreadsheet code sees it
 * (sheet.mjs's zipRefused: the zip's own central directory, every entry inflated with a hard cap,
 * so sizes a bomb lies about in its headers count for nothing). Throws 415 with a clear message;
 * 413 when a part holds a text longer than any cell (read before parsing, so never parsed).
 */
export function checkZip(buf: Buffer): void {
  const refused = zipRefused(buf);
  if (refused === 'bomb') throw zipRefusal();
  if (refused === 'cell') throw cellRefusal();
}
