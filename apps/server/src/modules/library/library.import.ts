import { MSG } from '@crs/shared/messages';
import { BOOK_IMPORT_COLUMNS, createBookSchema, importedCopySchema } from '@crs/shared/schemas/library';
import type { CreateBookInput, ImportedCopyInput } from '@crs/shared/schemas/library';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec, RowCheck } from '../../lib/import/pipeline.ts';

const splitList = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A whole number as typed ('2018', '-3'); blank is none; anything else fails the schema's int check. */
const wholeNumber = (cell: string) => (cell === '' ? null : /^-?\d+$/.test(cell) ? Number(cell) : Number.NaN);

/** The natural key of a book: its ISBN, else lower(title) + '|' + lower(first author). */
export const bookKey = (b: Pick<CreateBookInput, 'isbn' | 'title' | 'authors'>) =>
  b.isbn ? `isbn:${b.isbn}` : `ta:${b.title.toLowerCase()}|${(b.authors[0] ?? '').toLowerCase()}`;

/** A book key back into its parts, for the existing-keys query (authors never hold '|': it separates them). */
export function splitBookKey(key: string): { isbn: string } | { title: string; author: string } {
  if (key.startsWith('isbn:')) return { isbn: key.slice(5) };
  const bar = key.lastIndexOf('|');
  return { title: key.slice(3, bar), author: key.slice(bar + 1) };
}

/** An import row: a book, and when the row gives an accession number, the one copy it registers. */
export type BookImportRow = CreateBookInput & { copy?: ImportedCopyInput };

/** A row's key: the book's, and the accession number of a register row (one row per copy). */
export const rowKey = (b: BookImportRow) => (b.copy ? `${bookKey(b)}#${b.copy.accession}` : bookKey(b));

/** A money amount as typed ('649.50', '₹ 1,200'); blank is none; anything else fails the schema's number check. */
const amount = (cell: string) => {
  const v = cell.replace(/[₹,\s]|^rs\.?/gi, '');
  return v === '' ? null : /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
};

/**
 * The book import on the one pipeline: the columns of BOOK_IMPORT_COLUMNS, each row checked by
 * createBookSchema (the add-book form's schema), keyed by ISBN, else title + first author.
 * Lists in a cell are separated by ';' or '|'; blank copies means 1.
 */
export const bookImport: ImportSpec<BookImportRow> = {
  columns: BOOK_IMPORT_COLUMNS,
  check(cells) {
    const book = checkBook(cells);
    const cell = (key: string) => cells.get(key) ?? '';
    if (cell('accession') === '') return book;
    const copy = checkWithSchema(importedCopySchema, { accession: cell('accession'), shelf: cell('shelf'), acquiredOn: cell('acquired') || null, price: amount(cell('price')), batch: cell('batch') }, (path) =>
      path === 'acquiredOn' ? 'acquired' : path,
    );
    const both = cell('copies') !== '' && cell('copies') !== '1' ? [{ field: 'copies', message: MSG.importAccessionWithCopies }] : [];
    if (!book.ok || !copy.ok || both.length) return { ok: false, errors: [...(book.ok ? [] : book.errors), ...(copy.ok ? [] : copy.errors), ...both] };
    return { ok: true, value: { ...book.value, copiesTotal: 1, copy: copy.value } };
  },
  key: rowKey,
  unique: [{ field: 'accession', of: (b) => b.copy?.accession }],
};

function checkBook(cells: ReadonlyMap<string, string>): RowCheck<BookImportRow> {
  const cell = (key: string) => cells.get(key) ?? '';
  const year = wholeNumber(cell('year'));
  const copies = wholeNumber(cell('copies'));
  const r = checkWithSchema(
    createBookSchema,
    {
      title: cell('title'),
      authors: splitList(cell('authors')),
      subjects: splitList(cell('subjects')),
      publisher: cell('publisher'),
      year,
      isbn: cell('isbn'),
      tags: splitList(cell('tags')),
      copiesTotal: copies ?? 1,
    },
    (path) => (path === 'copiesTotal' ? 'copies' : path),
  );
  if (r.ok) return r;
  // NaN (text where a number belongs) reads better as what was expected than as zod's wording.
  const nan = new Set([Number.isNaN(year) && 'year', Number.isNaN(copies) && 'copies']);
  return { ok: false, errors: r.errors.map((e) => (nan.has(e.field ?? '') ? { ...e, message: MSG.importWholeNumber } : e)) };
}
