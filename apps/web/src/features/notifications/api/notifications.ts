import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences, UpdatePreferencesBody } from '@crs/shared/schemas/notifications';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const notificationKeys = {
  all: queryKeys.notifications,
  list: (unread: boolean, page: number, pageSize: number) => ['notifications', 'list', { unread, page, pageSize }] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** GET /notifications: the caller's, newest first; `unread` in the answer counts every unread one. */
export async function getNotifications(q: { unread?: boolean; page?: number; pageSize?: number } = {}): Promise<NotificationList> {
  const { data } = await api.get<NotificationList>('/notifications', { params: { unread: q.unread ? 'true' : undefined, page: q.page, pageSize: q.pageSize } });
  return data;
}

/** How many the bell lists. */
export const BELL_SIZE = 8;

/** The bell's newest notifications (and the unread count for its dot), refreshed every two minutes. */
export const bellQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(false, 1, BELL_SIZE), queryFn: () => getNotifications({ pageSize: BELL_SIZE }), retry: false, refetchInterval: 120_000 });

export const useBellNotifications = () => useQuery(bellQueryOptions());

/** A page of the history (/notifications). */
export function useNotificationPage(unread: boolean, page: number, pageSize = 20) {
  return useQuery({ queryKey: notificationKeys.list(unread, page, pageSize), queryFn: () => getNotifications({ unread, page, pageSize }), placeholderData: keepPreviousData });
}

/** POST /notifications/read-all; every list and the dot refetch. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ message: string; marked: number }>('/notifications/read-all')).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /notifications/{id}/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post(`/notifications/${encodeURIComponent(id)}/read`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /notifications/preferences. */
export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: async () => (await api.get<NotificationPreferences>('/notifications/preferences')).data,
  });
}

/** PATCH /notifications/preferences: the answer is the new state. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePreferencesBody) => (await api.patch<NotificationPreferences & { message: string }>('/notifications/preferences', body)).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });
}
