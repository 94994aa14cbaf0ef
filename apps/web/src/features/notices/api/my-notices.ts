import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { MyNotices } from '@crs/shared/schemas/notices';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { noticeKeys } from './keys';

/** GET /notices: the caller's notices, pinned first then newest, with unread flags and count. */
export async function getMyNotices(): Promise<MyNotices> {
  const { data } = await api.get<MyNotices>('/notices');
  return data;
}

export const myNoticesQueryOptions = () => queryOptions({ queryKey: noticeKeys.mine, queryFn: getMyNotices, retry: false, refetchInterval: 120_000 });

export function useMyNotices() {
  return useQuery(myNoticesQueryOptions());
}

/** POST /notices/{id}/read. */
export async function markNoticeRead(id: string): Promise<MessageBody> {
  const { data } = await api.post<MessageBody>(`/notices/${encodeURIComponent(id)}/read`);
  return data;
}

/** Marks notices read; the list (and the bell's dot) update at once, then refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      await Promise.all(ids.map((id) => markNoticeRead(id)));
    },
    onMutate: (ids) => {
      queryClient.setQueryData<MyNotices>(noticeKeys.mine, (old) => {
        if (!old) return old;
        const notices = old.notices.map((n) => (ids.includes(n._id) ? { ...n, unread: false } : n));
        return { notices, unread: notices.filter((n) => n.unread).length };
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: noticeKeys.mine });
      // The server read each notice's notification too: the bell's list and dot follow.
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
