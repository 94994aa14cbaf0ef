import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@crs/shared/schemas/settings';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /settings/public: the institution's name, short name, logo, academic year and time zone (no sign-in needed). */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { data } = await api.get<PublicSettings>('/settings/public');
  return data;
}

/**
 * The institution as every signed-in page shows it, fetched once and kept (a long staleTime: it
 * changes rarely, and the Settings page refreshes it when it saves), so no page costs a second request.
 */
export const publicSettingsQuery = queryOptions({ queryKey: queryKeys.settingsPublic, queryFn: getPublicSettings, staleTime: 30 * 60_000 });
export const usePublicSettings = () => useQuery(publicSettingsQuery);
