import { IMPORT_MAX_CSV_BYTES, IMPORT_MAX_SPREADSHEET_BYTES } from '@crs/shared/schemas/import';
import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';

export type FileKind = 'csv' | 'xlsx' | 'xls';

/** The most bytes any import reads; beyond it the upload is refused before its type is known. */
export const IMPORT_MAX_BYTES = Math.max(IMPORT_MAX_CSV_BYTES, IMPORT_MAX_SPREADSHEET_BYTES);

export const fileTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', MSG.importTooLarge);
export const unsupportedFile = () => new AppError(415, 'UNSUPPORTED_FILE_TYPE', MSG.importFileType);

/**
 * Reads a stream to its end and keeps at most `limit` bytes: `tooLarge` when there were more.
 * The rest is drained, not kept, so the request is consumed whole whatever its size.
 */
export async function readWithLimit(stream: AsyncIterable<Buffer>, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    if (tooLarge) continue;
    size += chunk.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  return { bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

const startsWith = (buf: Buffer, magic: readonly number[]) => magic.every((b, i) => buf[i] === b);

/**
 * What a file is, by its content (never its name): a zip (.xlsx), an OLE2 compound file (.xls),
 * or text that decodes as UTF-8 without NUL (CSV); anything else is a 415.
 */
export function detectKind(buf: Buffer): FileKind {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0])) return 'xls';
  decodeUtf8(buf);
  return 'csv';
}

/** The size limit of a kind; a larger file is refused whole with 413. */
export const byteLimit = (kind: FileKind) => (kind === 'csv' ? IMPORT_MAX_CSV_BYTES : IMPORT_MAX_SPREADSHEET_BYTES);

/** The upload's text (a leading BOM dropped); not UTF-8, or holding NUL (binary), is a 415. */
export function decodeUtf8(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw unsupportedFile();
  }
  // Valid UTF-8 can still be a binary file; text never holds NUL.
  if (text.includes('\u0000')) throw unsupportedFile();
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
