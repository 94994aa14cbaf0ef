import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsOverview } from '@crs/shared/schemas/system';
import { api } from '@/lib/api-client';

/** GET /system/jobs (SuperAdmin). */
export async function getJobs(): Promise<JobsOverview> {
  const { data } = await api.get<JobsOverview>('/system/jobs');
  return data;
}

export function useJobs() {
  return useQuery(queryOptions({ queryKey: ['system', 'jobs'], queryFn: getJobs, refetchInterval: 60_000 }));
}
