import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { MyCourses } from './types';

/** GET /academics/courses/me (Student): the subjects taught to the caller's sections, with teacher and credits. */
export async function getMyCourses(): Promise<MyCourses> {
  const { data } = await api.get<MyCourses>('/academics/courses/me');
  return data;
}

export const myCoursesQueryOptions = () => queryOptions({ queryKey: academicsKeys.myCourses, queryFn: getMyCourses });

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
