import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { StudentAttendance } from './types';

/** GET /attendance/me (Student): the caller's own percentage overall and per subject. */
export async function getMyAttendance(): Promise<StudentAttendance> {
  const { data } = await api.get<StudentAttendance>('/attendance/me');
  return data;
}

export const myAttendanceQueryOptions = () => queryOptions({ queryKey: academicsKeys.myAttendance, queryFn: getMyAttendance });

export function useMyAttendance() {
  return useQuery(myAttendanceQueryOptions());
}
