import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import { summaryQueryOptions } from './get-summary';
import type { LibrarySummary } from './types';

/** GET /library/students/{id}/summary (the ID-card rule): one student's loans on hand, overdue and due soon. */
export async function getStudentLibrarySummary(student: string): Promise<LibrarySummary> {
  const { data } = await api.get<LibrarySummary>(`/library/students/${encodeURIComponent(student)}/summary`);
  return data;
}

export const studentSummaryQueryOptions = (student: string) =>
  queryOptions({ queryKey: [...libraryKeys.summary, 'student', student], queryFn: () => getStudentLibrarySummary(student), retry: false });

/** The named student's library summary, or the caller's own without one. */
export function useLibrarySummaryOf(student: string | undefined) {
  // One useQuery call either way (hook order); the two options differ only in their keys' literal types.
  return useQuery<LibrarySummary>((student ? studentSummaryQueryOptions(student) : summaryQueryOptions()) as UseQueryOptions<LibrarySummary>);
}
