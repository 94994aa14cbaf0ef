import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LibrarySettingsView } from './types';

/** The loan period the spec states when the server's rules are not (yet) known. */
export const DEFAULT_LOAN_PERIOD_DAYS = 14;

/** GET /library/settings: the circulation rules (any reader). */
export async function getLibrarySettings(): Promise<LibrarySettingsView> {
  const { data } = await api.get<LibrarySettingsView>('/library/settings');
  return data;
}

export const librarySettingsQueryOptions = () => queryOptions({ queryKey: libraryKeys.settings, queryFn: getLibrarySettings, staleTime: 5 * 60_000 });

export function useLibrarySettings() {
  return useQuery(librarySettingsQueryOptions());
}

/** The loan period in days: the server's rule, else 14. */
export function useLoanPeriodDays(): number {
  return useLibrarySettings().data?.loanPeriodDays ?? DEFAULT_LOAN_PERIOD_DAYS;
}
