import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type ImportResult = { created: number; skipped: number };

/** POST /library/books/import (desk): a CSV file as multipart field "file"; all-or-nothing (422 lists bad rows). */
export async function importBooks(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<ImportResult>('/library/books/import', form);
  return data;
}

export function useImportBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBooks,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: libraryKeys.books }), queryClient.invalidateQueries({ queryKey: libraryKeys.stats })]),
  });
}
