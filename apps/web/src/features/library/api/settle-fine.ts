import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { FineAction, LoanResponse } from './types';


/** POST /library/loans/{id}/fine (desk): marks a returned loan's fine paid or waived, once. */
export async function settleFine(loanId: string, action: FineAction): Promise<LoanResponse> {
  const { data } = await api.post<LoanResponse>(`/library/loans/${encodeURIComponent(loanId)}/fine`, { action });
  return data;
}

export function useSettleFine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loanId, action }: { loanId: string; action: FineAction }) => settleFine(loanId, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.loans }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.fines }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.stats }),
      ]),
  });
}
