import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type StatsOverview = {
  students: number;
  teachers: number;
  staff: number;
  librarians: number;
  admins: number;
  pendingApprovals: number;
  totalUsers: number;
};

export const statsQueryKey = queryKeys.stats;

/** GET /stats/overview (Admin, SuperAdmin): account counts. */
export async function getStatsOverview(): Promise<StatsOverview> {
  const { data } = await api.get<StatsOverview>('/stats/overview');
  return data;
}

export function useStatsOverview() {
  return useQuery(queryOptions({ queryKey: [...statsQueryKey, 'overview'], queryFn: getStatsOverview }));
}
