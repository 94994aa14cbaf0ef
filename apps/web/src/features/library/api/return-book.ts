import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LoanResponse } from './types';

/** POST /library/books/{id}/return: closes the member's active loan of the book and fixes its fine. */
export async function returnBook(bookId: string, userId?: string): Promise<LoanResponse> {
  const { data } = await api.post<LoanResponse>(`/library/books/${encodeURIComponent(bookId)}/return`, userId ? { userId } : {});
  return data;
}

/** Return; afterwards the book, loans, fines, counters and lists reload. */
export function useReturnBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, userId }: { bookId: string; userId?: string }) => returnBook(bookId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
