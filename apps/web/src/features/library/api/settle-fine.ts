import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Loan } from './types';

export type FineAction = 'pay' | 'waive';

/** POST /library/loans/{id}/fine (desk): marks a returned loan's fine paid or waived, once. */
export async function settleFine(loanId: string, action: FineAction): Promise<{ message: string; loan: Loan }> {
  const { data } = await api.post<{ message: string; loan: Loan }>(`/library/loans/${encodeURIComponent(loanId)}/fine`, { action });
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
