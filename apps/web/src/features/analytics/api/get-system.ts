import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStats } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { statsQueryKey } from './get-dashboard-overview';

/** GET /stats/system (SuperAdmin). */
export async function getSystemStats(): Promise<SystemStats> {
  const { data } = await api.get<SystemStats>('/stats/system');
  return data;
}

export function useSystemStats() {
  return useQuery(queryOptions({ queryKey: [...statsQueryKey, 'system'], queryFn: getSystemStats, refetchInterval: 60_000 }));
}
