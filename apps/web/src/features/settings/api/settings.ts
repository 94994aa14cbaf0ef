import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Settings, SettingsPatch, settingsSavedResponse, testMailResponse } from '@crs/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Saved = z.infer<typeof settingsSavedResponse>;
const settingsKey = [...queryKeys.settings, 'all'] as const;

/** GET /settings (SuperAdmin): every value. */
export async function getSettings(): Promise<Settings> {
  const { data } = await api.get<{ settings: Settings }>('/settings');
  return data.settings;
}
export function useSettings() {
  return useQuery(queryOptions({ queryKey: settingsKey, queryFn: getSettings }));
}

/** PATCH /settings: only the fields that changed. */
export async function patchSettings(patch: SettingsPatch): Promise<Saved> {
  const { data } = await api.patch<Saved>('/settings', patch);
  return data;
}
/** PUT /settings/logo (multipart `file`). */
export async function uploadLogo(file: File): Promise<Saved> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.put<Saved>('/settings/logo', form);
  return data;
}
/** DELETE /settings/logo. */
export async function removeLogo(): Promise<Saved> {
  const { data } = await api.delete<Saved>('/settings/logo');
  return data;
}
/** POST /settings/test-mail: to the caller, or `to`. */
export async function sendTestMail(to: string | undefined): Promise<z.infer<typeof testMailResponse>> {
  const { data } = await api.post<z.infer<typeof testMailResponse>>('/settings/test-mail', to ? { to } : {});
  return data;
}

/**
 * A settings write whose answer replaces the cached settings; the public part every page shows
 * (institution name, logo) is fetched again so the header follows at once.
 */
function saving<A>(fn: (a: A) => Promise<Saved>) {
  return function useIt() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: fn,
      onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved.settings),
      onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settingsPublic }),
    });
  };
}
export const useUploadLogo = saving(uploadLogo);
export const useRemoveLogo = saving(removeLogo);
export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });
