import { z } from 'zod';
import { bookFields } from '@crs/shared/schemas/library';
import type { Book, CreateBookInput } from './api/types';
import { splitList } from './format';

/** What the Add/Edit Book form holds: text inputs, lists comma-separated. */
export type BookFormValues = {
  title: string;
  authors: string;
  subjects: string;
  publisher: string;
  year: string;
  isbn: string;
  tags: string;
  copiesTotal: string;
};

/** A whole number typed in a text box; blank → null when `blank` allows it. */
const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^-?\d+$/.test(v), message)
    .transform((v) => (v === '' ? null : Number(v)));

/**
 * The form's schema: the shared book field rules (packages/shared/src/schemas/library.ts) behind
 * text-to-value conversions, so the form shows the same messages the server sends.
 */
export const bookFormSchema = z.object({
  title: bookFields.title,
  authors: z.string().transform(splitList).pipe(bookFields.authors),
  subjects: z.string().transform(splitList).pipe(bookFields.subjects),
  publisher: bookFields.publisher,
  year: wholeNumber('Year must be a whole number').pipe(bookFields.year),
  isbn: bookFields.isbn,
  tags: z.string().transform(splitList).pipe(bookFields.tags),
  copiesTotal: wholeNumber('Copies must be a whole number')
    .refine((v) => v !== null, 'Total copies is required')
    .transform((v) => v ?? 0)
    .pipe(bookFields.copiesTotal),
});

export type BookFormOutput = CreateBookInput & { publisher: string | null; year: number | null; isbn: string | null };

export function bookFormDefaults(book?: Book | null): BookFormValues {
  return {
    title: book?.title ?? '',
    authors: book?.authors.join(', ') ?? '',
    subjects: book?.subjects.join(', ') ?? '',
    publisher: book?.publisher ?? '',
    year: book?.year == null ? '' : String(book.year),
    isbn: book?.isbn ?? '',
    tags: book?.tags.join(', ') ?? '',
    copiesTotal: String(book?.copiesTotal ?? 1),
  };
}
