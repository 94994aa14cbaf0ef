import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenTasks } from '@crs/shared/schemas/analytics';
import { api } from '@/lib/api-client';
import { statsQueryKey } from './get-dashboard-overview';

/** GET /stats/tasks (Staff, Admin, SuperAdmin): the open tasks, counted now. */
export async function getOpenTasks(): Promise<OpenTasks> {
  const { data } = await api.get<OpenTasks>('/stats/tasks');
  return data;
}

export function useOpenTasks() {
  return useQuery(queryOptions({ queryKey: [...statsQueryKey, 'tasks'], queryFn: getOpenTasks, refetchInterval: 60_000 }));
}
