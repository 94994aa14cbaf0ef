import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LibrarySettings, LibrarySettingsView } from './types';

/** PUT /library/settings (desk): replaces the circulation rules. */
export async function updateLibrarySettings(settings: LibrarySettings): Promise<LibrarySettingsView> {
  const { data } = await api.put<LibrarySettingsView>('/library/settings', settings);
  return data;
}

/** Saves the rules; fines and statuses depend on them, so every library query reloads. */
export function useUpdateLibrarySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLibrarySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(libraryKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
}
