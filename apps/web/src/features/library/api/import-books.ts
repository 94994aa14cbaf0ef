import { importUploader } from '@/components/import/upload';
import { libraryKeys } from './keys';

/**
 * POST /library/books/import (desk): a .csv/.xlsx/.xls file. With dryRun the server checks every
 * row and writes nothing (the preview); without, all rows or none (422).
 */
export const importBooks = importUploader('/library/books/import');

/** What a book import changes: the catalogue lists and the desk's counters. */
export const BOOK_IMPORT_INVALIDATES = [libraryKeys.books, libraryKeys.stats] as const;
