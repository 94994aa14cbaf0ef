import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LibraryStats } from './types';

/** GET /library/stats (desk): books, copies on loan, overdue loans, fines outstanding (rupees). */
export async function getLibraryStats(): Promise<LibraryStats> {
  const { data } = await api.get<LibraryStats>('/library/stats');
  return data;
}

export const libraryStatsQueryOptions = () => queryOptions({ queryKey: libraryKeys.stats, queryFn: getLibraryStats });

export function useLibraryStats() {
  return useQuery(libraryStatsQueryOptions());
}
