import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { libraryKeys } from './keys';
import type { LoanResponse } from './types';

/** POST /library/books/{id}/return: closes the member's active loan of the book and fixes its fine. */
export async function returnBook(bookId: string, userId?: string): Promise<LoanResponse> {
  const { data } = await api.post<LoanResponse>(`/library/books/${encodeURIComponent(bookId)}/return`, userId ? { userId } : {});
  return data;
}

/** The server's error code of a failed call, if any. */
const codeOf = (e: unknown): unknown => (e as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;

/**
 * Return; afterwards the book, loans, fines, counters and lists reload. Refused because students may
 * no longer return books themselves (changed since the page loaded): the rule is read again, so the
 * page shows 'Return at the library desk'.
 */
export function useReturnBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, userId }: { bookId: string; userId?: string }) => returnBook(bookId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    onError: (e) => (codeOf(e) === 'SELF_RETURN_OFF' ? queryClient.invalidateQueries({ queryKey: queryKeys.settingsPublic }) : undefined),
  });
}
