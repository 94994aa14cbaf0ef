import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assessmentKeys } from './keys';
import type { Performance } from './types';

/** GET /analytics/performance (spec): `{bySubject: [{subject, avgMarks}], averageMarks}`, percent with one decimal. */
export async function getPerformance(): Promise<Performance> {
  const { data } = await api.get<Performance>('/analytics/performance');
  return data;
}

export const performanceQueryOptions = () => queryOptions({ queryKey: assessmentKeys.performance, queryFn: getPerformance });

export function usePerformance() {
  return useQuery(performanceQueryOptions());
}
