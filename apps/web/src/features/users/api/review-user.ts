import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ReviewDecision = 'approve' | 'reject';

/** POST /users/{id}/approve activates a pending sign-up; POST /users/{id}/reject deletes it. */
export async function reviewUser(id: string, decision: ReviewDecision): Promise<{ message: string }> {
  const { data } = await api.post<MessageBody>(`/users/${encodeURIComponent(id)}/${decision}`);
  return data;
}

/** Approve or reject, then refresh the account lists and counters. */
export function useReviewUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) => reviewUser(id, decision),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
      ]),
  });
}
