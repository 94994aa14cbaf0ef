import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { upcomingExamsResponse } from '@crs/shared/schemas/assessment';
import { api } from '@/lib/api-client';
import { upcomingExamsQueryOptions, type UpcomingExam } from './get-upcoming-exams';
import { resultsKeys } from './keys';

/** GET /assesment/students/{id}/upcoming (the ID-card rule): one student's exams from today on, by account id or student ID. */
export async function getStudentUpcomingExams(student: string): Promise<UpcomingExam[]> {
  const { data } = await api.get<z.infer<typeof upcomingExamsResponse>>(`/assesment/students/${encodeURIComponent(student)}/upcoming`);
  return data.exams;
}

export const studentUpcomingExamsQueryOptions = (student: string) =>
  queryOptions({ queryKey: [...resultsKeys.upcomingExams, student], queryFn: () => getStudentUpcomingExams(student), retry: false });

/** The named student's upcoming exams, or the caller's own without one. */
export function useUpcomingExamsOf(student: string | undefined) {
  // One useQuery call either way (hook order); the two options differ only in their keys' literal types.
  return useQuery<UpcomingExam[]>((student ? studentUpcomingExamsQueryOptions(student) : upcomingExamsQueryOptions()) as UseQueryOptions<UpcomingExam[]>);
}
