import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PersonAction = 'disable' | 'enable' | 'reset-link';

/** POST /users/{id}/disable | enable | reset-link. */
export async function personAction(id: string, action: PersonAction): Promise<MessageBody> {
  const { data } = await api.post<MessageBody>(`/users/${encodeURIComponent(id)}/${action}`);
  return data;
}

/** DELETE /users/{id}/mfa (SuperAdmin, issue 28): the person's second factor is gone; they set it up again if required. */
export async function resetSecondFactor(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/users/${encodeURIComponent(id)}/mfa`);
  return data;
}

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PersonAction | 'reset-mfa' }) => (action === 'reset-mfa' ? resetSecondFactor(id) : personAction(id, action)),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.users }), client.invalidateQueries({ queryKey: queryKeys.stats })]),
  });
}
