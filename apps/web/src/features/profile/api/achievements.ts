import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Achievement, AchievementInput, achievementResponse, achievementsResponse } from '@crs/shared/schemas/profile';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

const base = '/auth/users/me/achievements';

/** GET /auth/users/me/achievements: the caller's, newest year first. */
export async function getAchievements(): Promise<Achievement[]> {
  const { data } = await api.get<z.infer<typeof achievementsResponse>>(base);
  return data.achievements;
}

export const achievementsQueryOptions = () => queryOptions({ queryKey: profileKeys.achievements, queryFn: getAchievements });

export function useAchievements() {
  return useQuery(achievementsQueryOptions());
}

/** POST (no `id`) or PATCH /auth/users/me/achievements/{id}. */
export async function saveAchievement({ id, input }: { id?: string; input: AchievementInput }): Promise<z.infer<typeof achievementResponse>> {
  const { data } = id ? await api.patch<z.infer<typeof achievementResponse>>(`${base}/${id}`, input) : await api.post<z.infer<typeof achievementResponse>>(base, input);
  return data;
}

export async function deleteAchievement(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`${base}/${id}`);
  return data;
}

export function useSaveAchievement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAchievement, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.achievements }) });
}

export function useDeleteAchievement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAchievement, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.achievements }) });
}
