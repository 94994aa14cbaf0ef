import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Results } from '@crs/shared/schemas/assessment';
import { api } from '@/lib/api-client';
import { myResultsQueryOptions } from './get-my-results';
import { resultsKeys } from './keys';

/** GET /results/students/{id} (themself, their teachers, Admin/SuperAdmin): one student's results, by account id or student ID. */
export async function getStudentResults(student: string): Promise<Results> {
  const { data } = await api.get<Results>(`/results/students/${encodeURIComponent(student)}`);
  return data;
}

export const studentResultsQueryOptions = (student: string) => queryOptions({ queryKey: resultsKeys.student(student), queryFn: () => getStudentResults(student), retry: false });

/** The named student's results, or the caller's own without one. */
export function useResultsOf(student: string | undefined) {
  // One useQuery call either way (hook order); the two options differ only in their keys' literal types.
  return useQuery<Results>((student ? studentResultsQueryOptions(student) : myResultsQueryOptions()) as UseQueryOptions<Results>);
}
