import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Fines } from './types';

/** GET /library/fines: the caller's unpaid fines in rupees (accruing ones included) and overdue loans. */
export async function getFines(): Promise<Fines> {
  const { data } = await api.get<Fines>('/library/fines');
  return data;
}

export const finesQueryOptions = () => queryOptions({ queryKey: libraryKeys.fines, queryFn: getFines });

export function useFines() {
  return useQuery(finesQueryOptions());
}
