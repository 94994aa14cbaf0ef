import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';
import { zipRefused } from './sheet.mjs';

export { ZIP_MAX_ENTRIES, ZIP_MAX_INFLATED_BYTES, ZIP_MAX_RATIO } from './sheet.mjs';

/** The answer to a spreadsheet that would unpack into too much. */
export const zipRefusal = () => new AppError(415, 'SPREADSHEET_REFUSED', MSG.importSpreadsheetRefused);

/**
 * Refuses an .xlsx that would unpack into too much before any spreadsheet code sees it
 * (sheet.mjs's zipRefused: the zip's own central directory, every entry inflated with a hard cap,
 * so sizes a bomb lies about in its headers count for nothing). Throws 415 with a clear message.
 */
export function checkZip(buf: Buffer): void {
  if (zipRefused(buf)) throw zipRefusal();
}
