import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import { myTimetableQueryOptions } from './get-my-timetable';
import type { MyTimetable } from './types';

/** GET /academics/timetable/students/{id}: a student's week (their guardian's view, issue 30). */
export async function getStudentTimetable(student: string): Promise<MyTimetable> {
  const { data } = await api.get<MyTimetable>(`/academics/timetable/students/${encodeURIComponent(student)}`);
  return data;
}

export const studentTimetableQueryOptions = (student: string) =>
  queryOptions({ queryKey: [...academicsKeys.myTimetable, 'student', student], queryFn: () => getStudentTimetable(student), retry: false });

/** The named student's week, or the caller's own without one. */
export function useTimetableOf(student: string | undefined) {
  return useQuery<MyTimetable>((student ? studentTimetableQueryOptions(student) : myTimetableQueryOptions()) as UseQueryOptions<MyTimetable>);
}
