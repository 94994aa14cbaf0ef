import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewStats } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const statsQueryKey = queryKeys.stats;

/** GET /stats/overview (Admin, SuperAdmin): account counts. */
export async function getStatsOverview(): Promise<OverviewStats> {
  const { data } = await api.get<OverviewStats>('/stats/overview');
  return data;
}

export function useStatsOverview() {
  return useQuery(queryOptions({ queryKey: [...statsQueryKey, 'overview'], queryFn: getStatsOverview }));
}
