import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { allNoticesResponse, CreateNoticeInput, NoticeAudiences, noticeResponse, UpdateNoticeInput } from '@crs/shared/schemas/notices';
import { api } from '@/lib/api-client';
import { noticeKeys } from './keys';

type NoticeAnswer = z.infer<typeof noticeResponse>;

/** GET /notices/manage (publishers): every notice, expired ones too. */
export async function getAllNotices() {
  const { data } = await api.get<z.infer<typeof allNoticesResponse>>('/notices/manage');
  return data.notices;
}
export function useAllNotices() {
  return useQuery(queryOptions({ queryKey: noticeKeys.manage, queryFn: getAllNotices }));
}

/** GET /notices/audiences: the roles, departments and sections a notice can go to. */
export async function getAudiences(): Promise<NoticeAudiences> {
  const { data } = await api.get<NoticeAudiences>('/notices/audiences');
  return data;
}
export function useAudiences() {
  return useQuery(queryOptions({ queryKey: noticeKeys.audiences, queryFn: getAudiences, staleTime: 5 * 60_000 }));
}

/** POST /notices (no id) or PATCH /notices/{id}. */
export async function saveNotice({ id, input }: { id?: string | undefined; input: CreateNoticeInput | UpdateNoticeInput }): Promise<NoticeAnswer> {
  const { data } = id ? await api.patch<NoticeAnswer>(`/notices/${encodeURIComponent(id)}`, input) : await api.post<NoticeAnswer>('/notices', input);
  return data;
}
/**
 * POST /notices/with-attachment: a new notice and its file in one request, so the notice is
 * published with its attachment or not at all (a refused file publishes nothing).
 */
export async function publishWithAttachment(input: CreateNoticeInput, file: File): Promise<NoticeAnswer> {
  const form = new FormData();
  form.append('notice', JSON.stringify(input));
  form.append('file', file);
  const { data } = await api.post<NoticeAnswer>('/notices/with-attachment', form);
  return data;
}
/** PUT /notices/{id}/attachment (multipart `file`). */
export async function uploadAttachment(id: string, file: File): Promise<NoticeAnswer> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.put<NoticeAnswer>(`/notices/${encodeURIComponent(id)}/attachment`, form);
  return data;
}
/** DELETE /notices/{id}/attachment. */
export async function removeAttachment(id: string): Promise<NoticeAnswer> {
  const { data } = await api.delete<NoticeAnswer>(`/notices/${encodeURIComponent(id)}/attachment`);
  return data;
}
export async function deleteNotice(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/notices/${encodeURIComponent(id)}`);
  return data;
}

const invalidating = <A, R>(fn: (a: A) => Promise<R>) =>
  function useIt() {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }) });
  };

export const useDeleteNotice = invalidating(deleteNotice);
