import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LoanResponse } from './types';

/** POST /library/books/{id}/issue: lends a copy; a Student omits userId (themself), the desk names the member. */
export async function issueBook(bookId: string, userId?: string): Promise<LoanResponse> {
  const { data } = await api.post<LoanResponse>(`/library/books/${encodeURIComponent(bookId)}/issue`, userId ? { userId } : {});
  return data;
}

/** Borrow or issue; afterwards the book, loans, fines, counters and lists reload. */
export function useIssueBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, userId }: { bookId: string; userId?: string }) => issueBook(bookId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
