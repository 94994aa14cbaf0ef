import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { AttendanceSummary } from './types';

/** GET /attendance/summary (spec): `{byClass: [{class, att}], averageAttendance}` over the caller's classes. */
export async function getAttendanceSummary(): Promise<AttendanceSummary> {
  const { data } = await api.get<AttendanceSummary>('/attendance/summary');
  return data;
}

export const attendanceSummaryQueryOptions = () => queryOptions({ queryKey: academicsKeys.summary, queryFn: getAttendanceSummary });

export function useAttendanceSummary() {
  return useQuery(attendanceSummaryQueryOptions());
}
