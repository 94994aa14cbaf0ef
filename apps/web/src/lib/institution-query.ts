import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicSettings } from './institution';
import { queryKeys } from './query-keys';

/**
 * The institution as every signed-in page shows it, fetched once and kept (a long staleTime: it
 * changes rarely, and the Settings page refreshes it when it saves), so no page costs a second request.
 */
export const publicSettingsQuery = queryOptions({ queryKey: queryKeys.settingsPublic, queryFn: getPublicSettings, staleTime: 30 * 60_000 });
export const usePublicSettings = () => useQuery(publicSettingsQuery);
