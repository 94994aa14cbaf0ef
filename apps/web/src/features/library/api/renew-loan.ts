import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { LoanResponse } from './types';

/** POST /library/loans/{id}/renew: extends an on-time loan by the loan period while renewals remain. */
export async function renewLoan(loanId: string): Promise<LoanResponse> {
  const { data } = await api.post<LoanResponse>(`/library/loans/${encodeURIComponent(loanId)}/renew`);
  return data;
}

export function useRenewLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLoan,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: libraryKeys.loans }), queryClient.invalidateQueries({ queryKey: libraryKeys.summary })]),
  });
}
