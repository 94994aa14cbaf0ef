import { MSG } from '@crs/shared/messages';
import { BOOK_IMPORT_COLUMNS, createBookSchema } from '@crs/shared/schemas/library';
import type { CreateBookInput } from '@crs/shared/schemas/library';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec } from '../../lib/import/pipeline.ts';

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

/**
 * The book import on the one pipeline: the columns of BOOK_IMPORT_COLUMNS, each row checked by
 * createBookSchema (the add-book form's schema), keyed by ISBN, else title + first author.
 * Lists in a cell are separated by ';' or '|'; blank copies means 1.
 */
export const bookImport: ImportSpec<CreateBookInput> = {
  columns: BOOK_IMPORT_COLUMNS,
  check(cells) {
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
  },
  key: bookKey,
};
