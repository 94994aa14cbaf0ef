import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { BookResponse, UpdateBookInput } from './types';

/** PATCH /library/books/{id} (desk): total copies never below those on loan (409). */
export async function updateBook(id: string, patch: UpdateBookInput): Promise<BookResponse> {
  const { data } = await api.patch<BookResponse>(`/library/books/${encodeURIComponent(id)}`, patch);
  return data;
}

/** Edits the book, then refreshes it and every list that shows it. */
export function useUpdateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateBookInput }) => updateBook(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
