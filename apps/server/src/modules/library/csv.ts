import { parse } from 'csv-parse/sync';
import { MSG } from '@crs/shared/messages';
import { BOOK_IMPORT_COLUMNS, createBookSchema } from '@crs/shared/schemas/library';
import { AppError } from '../../lib/errors.ts';
import { toNewBook } from './books.repository.ts';
import type { NewBook } from './books.repository.ts';

export type RowError = { row: number; message: string };
export type ParsedBooks = { ok: true; books: Array<NewBook & { row: number }> } | { ok: false; errors: RowError[] };

/** At most this many bad rows are reported; the rest only make the answer longer. */
const MAX_REPORTED = 200;

const splitList = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Decodes the upload as UTF-8 (a leading BOM is dropped); anything else is a 415. */
export function decodeUtf8(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MSG.importNotUtf8);
  }
  // Valid UTF-8 can still be a binary file; text never holds NUL.
  if (text.includes('\u0000')) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MSG.importNotUtf8);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The field separator a spreadsheet program used, read off the header row: ',' by default, ';'
 * (Excel and LibreOffice in locales with a decimal comma) or a tab. Quoted text is ignored.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = ([',', ';', '\t'] as const).map((d) => [d, header.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads a catalogue CSV (header row first; separated by ',', ';' or tabs; columns title, authors, subjects, publisher, year,
 * isbn, tags, copies in any order and case; lists inside a cell separated by ';' or '|'; CRLF or
 * LF). Rows are numbered as a spreadsheet shows them: the header is row 1. Every row is checked
 * with the same schema as POST /library/books; any bad row fails the whole file.
 */
export function parseBookCsv(text: string): ParsedBooks {
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return { ok: false, errors: [{ row: line, message: `Not a valid CSV file: ${(err as Error).message.replace(/^Invalid [^:]*:\s*/, '')}` }] };
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!columns.includes('title')) return { ok: false, errors: [{ row: 1, message: MSG.importMissingColumns }] };
  const at = Object.fromEntries(BOOK_IMPORT_COLUMNS.map((c) => [c.key, columns.indexOf(c.key)])) as Record<'title' | 'authors' | 'subjects' | 'publisher' | 'year' | 'isbn' | 'tags' | 'copies', number>;

  const books: Array<NewBook & { row: number }> = [];
  const errors: RowError[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c === '')) return;
    const cell = (c: keyof typeof at) => (at[c] >= 0 ? (cells[at[c]] ?? '') : '');
    const number = (v: string) => (v === '' ? null : /^-?\d+$/.test(v) ? Number(v) : Number.NaN);
    const copies = number(cell('copies'));
    const candidate = {
      title: cell('title'),
      authors: splitList(cell('authors')),
      subjects: splitList(cell('subjects')),
      publisher: cell('publisher'),
      year: number(cell('year')),
      isbn: cell('isbn'),
      tags: splitList(cell('tags')),
      copiesTotal: copies ?? 1,
    };
    const r = createBookSchema.safeParse(candidate);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      const name = field === 'copiesTotal' ? 'copies' : field;
      const message = Number.isNaN(candidate[field as 'year']) ? 'must be a whole number' : issue.message;
      errors.push({ row, message: name ? `${name}: ${message}` : message });
      return;
    }
    const b = r.data;
    books.push({ row, ...toNewBook(b) });
  });
  if (errors.length) return { ok: false, errors: errors.slice(0, MAX_REPORTED) };
  if (books.length === 0) return { ok: false, errors: [{ row: 2, message: MSG.importEmpty }] };
  return { ok: true, books };
}

/** The natural key of a book: its ISBN, else lower(title) + '|' + lower(first author). */
export const naturalKey = (b: Pick<NewBook, 'isbn' | 'title' | 'authors'>) =>
  b.isbn ? `isbn:${b.isbn}` : `ta:${b.title.toLowerCase()}|${(b.authors[0] ?? '').toLowerCase()}`;
