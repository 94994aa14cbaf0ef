import type { ImportResult } from '@crs/shared/schemas/import';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';

/**
 * POST /library/books/import (desk): a .csv/.xlsx/.xls file as multipart field "file". With dryRun
 * the server checks every row and writes nothing (the preview); without, all rows or none (422).
 */
export async function importBooks(file: File, { dryRun, onProgress }: { dryRun: boolean; onProgress: (fraction: number) => void }): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<ImportResult>('/library/books/import', form, {
    params: dryRun ? { dryRun: 'true' } : undefined,
    onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : (e.progress ?? 0)),
  });
  return data;
}

/** What a book import changes: the catalogue lists and the desk's counters. */
export const BOOK_IMPORT_INVALIDATES = [libraryKeys.books, libraryKeys.stats] as const;
