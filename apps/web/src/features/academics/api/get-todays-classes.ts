import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { DayClasses } from './types';

/**
 * GET /attendance/today: the caller's own classes of the whole day (issue 25) — ended ones with
 * attendance taken or not, the running one, the next one — timed by the server's college clock.
 */
export async function getTodaysClasses(): Promise<DayClasses> {
  const { data } = await api.get<DayClasses>('/attendance/today');
  return data;
}

export const todaysClassesQueryOptions = () => queryOptions({ queryKey: academicsKeys.today, queryFn: getTodaysClasses });

/** Refetched every few minutes: a class moves from next to now to done as the day goes. */
export function useTodaysClasses() {
  return useQuery({ ...todaysClassesQueryOptions(), refetchInterval: 5 * 60_000 });
}
