import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { UpcomingClasses } from './types';

/** GET /teachers/upcoming-classes (spec): the caller's classes for the rest of today, by start. */
export async function getUpcomingClasses(): Promise<UpcomingClasses> {
  const { data } = await api.get<UpcomingClasses>('/teachers/upcoming-classes');
  return data;
}

export const upcomingClassesQueryOptions = () => queryOptions({ queryKey: academicsKeys.upcoming, queryFn: getUpcomingClasses });

/** Refetched every few minutes: a class leaves the list once it has ended. */
export function useUpcomingClasses() {
  return useQuery({ ...upcomingClassesQueryOptions(), refetchInterval: 5 * 60_000 });
}
