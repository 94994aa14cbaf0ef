import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Results } from '@crs/shared/schemas/assessment';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

/** GET /results/me: the caller's subjects over published exams, SGPA per semester and CGPA (null before anything is published). */
export async function getMyResults(): Promise<Results> {
  const { data } = await api.get<Results>('/results/me');
  return data;
}

export const myResultsQueryOptions = () => queryOptions({ queryKey: resultsKeys.mine, queryFn: getMyResults });

export function useMyResults() {
  return useQuery(myResultsQueryOptions());
}
