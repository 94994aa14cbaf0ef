import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import { loansQueryOptions } from './get-loans';
import type { LoanList, LoansQuery } from './types';

/** GET /library/students/{id}/loans (the ID-card rule): one student's loans, by account id or student ID. */
export async function getStudentLoans(student: string, query: Omit<LoansQuery, 'userId'> = {}): Promise<LoanList> {
  const { data } = await api.get<LoanList>(`/library/students/${encodeURIComponent(student)}/loans`, { params: query });
  return data;
}

export const studentLoansQueryOptions = (student: string, query: Omit<LoansQuery, 'userId'> = {}) =>
  queryOptions({ queryKey: [...libraryKeys.loans, 'student', student, query], queryFn: () => getStudentLoans(student, query), retry: false });

/** The named student's loans, or the caller's own without one. */
export function useLoansOf(student: string | undefined, query: Omit<LoansQuery, 'userId'> = {}) {
  // One useQuery call either way (hook order); the two options differ only in their keys' literal types.
  return useQuery<LoanList>((student ? studentLoansQueryOptions(student, query) : loansQueryOptions(query)) as UseQueryOptions<LoanList>);
}
