import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageSent } from './types';

export type MessageRequest = { ids: readonly string[]; message: string; subject?: string | null };

/**
 * POST /alumni/message (faculty): one mail per selected alumnus with an email, merge fields filled
 * per recipient; answers how many were queued and who had no email.
 */
export async function messageAlumni(body: MessageRequest): Promise<MessageSent> {
  const { data } = await api.post<MessageSent>('/alumni/message', body);
  return data;
}

export function useMessageAlumni() {
  return useMutation({ mutationFn: messageAlumni });
}
