import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import { myAttendanceQueryOptions } from './get-my-attendance';
import type { StudentAttendance } from './types';

/**
 * GET /attendance/students/{id} (the student themself, their teachers, Admin/SuperAdmin): one
 * student's attendance, named by account id or student ID — an Admin's view of a student's dashboard.
 */
export async function getStudentAttendance(student: string): Promise<StudentAttendance> {
  const { data } = await api.get<StudentAttendance>(`/attendance/students/${encodeURIComponent(student)}`);
  return data;
}

export const studentAttendanceQueryOptions = (student: string) =>
  queryOptions({ queryKey: [...academicsKeys.attendance, 'student', student], queryFn: () => getStudentAttendance(student), retry: false });

/** The named student's attendance, or the caller's own without one. */
export function useAttendanceOf(student: string | undefined) {
  // One useQuery call either way (hook order); the two options differ only in their keys' literal types.
  return useQuery<StudentAttendance>((student ? studentAttendanceQueryOptions(student) : myAttendanceQueryOptions()) as UseQueryOptions<StudentAttendance>);
}
