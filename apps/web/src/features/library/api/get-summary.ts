import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LibrarySummary } from './types';

/** GET /library/summary: the caller's loans on hand, overdue and due soon (dashboard card, bell dot). */
export async function getLibrarySummary(): Promise<LibrarySummary> {
  const { data } = await api.get<LibrarySummary>('/library/summary');
  return data;
}

export const summaryQueryOptions = () => queryOptions({ queryKey: libraryKeys.summary, queryFn: getLibrarySummary, retry: false });

export function useLibrarySummary(options: { enabled?: boolean } = {}) {
  return useQuery({ ...summaryQueryOptions(), enabled: options.enabled ?? true });
}
