import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { copyListResponse, copyResponse, UpdateCopyInput } from '@crs/shared/schemas/library';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type { Copy } from '@crs/shared/schemas/library';

/** GET /library/books/{id}/copies: the book's copies by accession number. */
export function useCopies(bookId: string) {
  return useQuery({ queryKey: libraryKeys.copies(bookId), queryFn: async () => (await api.get<z.infer<typeof copyListResponse>>(`/library/books/${encodeURIComponent(bookId)}/copies`)).data.copies });
}

/** PATCH /library/books/{id}/copies/{copyId}: a copy's status (lost on loan: the member owes its replacement) or details. */
export function useUpdateCopy(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ copyId, patch }: { copyId: string; patch: UpdateCopyInput }) =>
      (await api.patch<z.infer<typeof copyResponse>>(`/library/books/${encodeURIComponent(bookId)}/copies/${encodeURIComponent(copyId)}`, patch)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
