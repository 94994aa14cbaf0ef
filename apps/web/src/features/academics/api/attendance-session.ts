import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { SaveSessionInput, SavedSession, SessionAnswer } from './types';

export type SessionKey = { assignmentId: string; date: string; start?: string };

/** GET /attendance/sessions?assignmentId=&date=[&start=]: the section's roster with any saved statuses and each student's percentage. */
export async function getSession({ assignmentId, date, start }: SessionKey): Promise<SessionAnswer> {
  const { data } = await api.get<SessionAnswer>('/attendance/sessions', { params: { assignmentId, date, ...(start ? { start } : {}) } });
  return data;
}

export const sessionQueryOptions = (key: SessionKey) =>
  queryOptions({ queryKey: academicsKeys.session(key.assignmentId, key.date, key.start), queryFn: () => getSession(key) });

export function useSession(key: SessionKey | null) {
  return useQuery({ ...sessionQueryOptions(key ?? { assignmentId: '', date: '' }), enabled: key !== null });
}

/** PUT /attendance/sessions: creates the session of this class, date and start, or updates it (never a second one). */
export async function saveSession(input: SaveSessionInput): Promise<SavedSession> {
  const { data } = await api.put<SavedSession>('/attendance/sessions', input);
  return data;
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSuccess: (saved, input) => {
      // The answer is the session as GET shows it: no refetch needed for this one.
      queryClient.setQueryData(academicsKeys.session(input.assignmentId, input.date, input.start), saved);
      return queryClient.invalidateQueries({ queryKey: academicsKeys.attendance, predicate: (q) => !(q.queryKey[2] === 'session' && q.queryKey[3] === input.assignmentId && q.queryKey[4] === input.date) });
    },
  });
}
