import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyNotices } from '@crs/shared/schemas/notices';
import { api } from '@/lib/api-client';
import { noticeKeys } from './keys';

/** GET /students/{id}/notices: the notices addressed to a student (their guardian's view, issue 30). */
export async function getStudentNotices(student: string): Promise<MyNotices> {
  const { data } = await api.get<MyNotices>(`/students/${encodeURIComponent(student)}/notices`);
  return data;
}

export const studentNoticesQueryOptions = (student: string) => queryOptions({ queryKey: [...noticeKeys.all, 'student', student], queryFn: () => getStudentNotices(student), retry: false });

export function useStudentNotices(student: string) {
  return useQuery(studentNoticesQueryOptions(student));
}
