import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Loan, LoanList, LoansQuery } from './types';

/** The server's largest page. */
export const LOANS_MAX_PAGE_SIZE = 100;

/**
 * GET /library/loans: the caller's own loans (on loan first, soonest due first; then returned,
 * latest first). The desk may name a member (userId) or omit it to list everyone's.
 */
export async function getLoans(query: LoansQuery = {}): Promise<LoanList> {
  const { data } = await api.get<LoanList>('/library/loans', { params: query });
  return data;
}

export function loansQueryOptions(query: LoansQuery = {}) {
  return queryOptions({ queryKey: [...libraryKeys.loans, query], queryFn: () => getLoans(query) });
}

export function useLoans(query: LoansQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...loansQueryOptions(query), enabled: options.enabled ?? true });
}

/** The caller's own loans: one page of the largest size (a member holds a handful). */
export const MY_LOANS: LoansQuery = { pageSize: LOANS_MAX_PAGE_SIZE };

export function useMyLoans(options: { enabled?: boolean } = {}) {
  return useLoans(MY_LOANS, options);
}

/** The unreturned loans (on time and overdue) of one book, for the desk's Return dialog. */
export async function getBookActiveLoans(bookId: string): Promise<Loan[]> {
  const found: Loan[] = [];
  for (let page = 1; ; page++) {
    const { loans, total } = await getLoans({ bookId, status: 'unreturned', page, pageSize: LOANS_MAX_PAGE_SIZE });
    found.push(...loans);
    if (page * LOANS_MAX_PAGE_SIZE >= total || loans.length === 0) return found;
  }
}

export function useBookActiveLoans(bookId: string, enabled: boolean) {
  return useQuery({ queryKey: [...libraryKeys.loans, 'book', bookId], queryFn: () => getBookActiveLoans(bookId), enabled });
}
