import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { MyTimetable } from './types';

/** GET /academics/timetable/me: the caller's weekly slots (a student's sections', a teacher's own) and today's weekday. */
export async function getMyTimetable(): Promise<MyTimetable> {
  const { data } = await api.get<MyTimetable>('/academics/timetable/me');
  return data;
}

export const myTimetableQueryOptions = () => queryOptions({ queryKey: academicsKeys.myTimetable, queryFn: getMyTimetable });

export function useMyTimetable() {
  return useQuery(myTimetableQueryOptions());
}
