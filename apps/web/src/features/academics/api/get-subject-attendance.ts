import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { SubjectAttendanceDetail } from './types';

/**
 * A student's sessions of one course with date, time and status (issue 25): the caller's own
 * (GET /attendance/me/subjects/{assignmentId}) or, with `studentId`, a student the caller may read
 * (GET /attendance/students/{id}/subjects/{assignmentId}).
 */
export async function getSubjectAttendance(assignmentId: string, studentId?: string): Promise<SubjectAttendanceDetail> {
  const id = encodeURIComponent(assignmentId);
  const url = studentId ? `/attendance/students/${encodeURIComponent(studentId)}/subjects/${id}` : `/attendance/me/subjects/${id}`;
  const { data } = await api.get<SubjectAttendanceDetail>(url);
  return data;
}

export const subjectAttendanceQueryOptions = (assignmentId: string, studentId?: string) =>
  queryOptions({ queryKey: academicsKeys.subjectAttendance(assignmentId, studentId), queryFn: () => getSubjectAttendance(assignmentId, studentId) });

/** Fetched once `enabled` (the subject is opened). */
export function useSubjectAttendance(assignmentId: string, opts: { studentId?: string; enabled: boolean }) {
  return useQuery({ ...subjectAttendanceQueryOptions(assignmentId, opts.studentId), enabled: opts.enabled });
}
