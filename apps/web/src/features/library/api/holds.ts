import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { holdListResponse, holdResponse, holdShelfResponse } from '@crs/shared/schemas/library';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type { Hold } from '@crs/shared/schemas/library';
export type HoldShelf = z.infer<typeof holdShelfResponse>;
type HoldResponse = z.infer<typeof holdResponse>;

/** GET /library/holds/me: the caller's open holds, ready ones first. */
export function useMyHolds({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: libraryKeys.holds,
    queryFn: async () => (await api.get<z.infer<typeof holdListResponse>>('/library/holds/me')).data.holds,
    enabled,
  });
}

/** GET /library/holds/shelf (desk): copies kept for members, and holds that lapsed lately. */
export function useHoldShelf() {
  return useQuery({ queryKey: libraryKeys.holdShelf, queryFn: async () => (await api.get<HoldShelf>('/library/holds/shelf')).data });
}

/** POST /library/books/{id}/holds: a hold for the caller on a title with no copy on the shelf. */
export function usePlaceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bookId: string) => (await api.post<HoldResponse>(`/library/books/${encodeURIComponent(bookId)}/holds`, {})).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.holds }),
  });
}

/** DELETE /library/holds/{id}: cancels a hold; a copy kept for it passes on. */
export function useCancelHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (holdId: string) => (await api.delete<HoldResponse>(`/library/holds/${encodeURIComponent(holdId)}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
