import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unmatchedUsersResponse } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export type UnmatchedUsers = z.infer<typeof unmatchedUsersResponse>;

/** GET /users/unmatched: people whose legacy department or section text matches nothing in Academics (decision 0036). */
export async function getUnmatched(): Promise<UnmatchedUsers> {
  const { data } = await api.get<UnmatchedUsers>('/users/unmatched');
  return data;
}

export const useUnmatched = () => useQuery({ queryKey: userKeys.unmatched, queryFn: getUnmatched, staleTime: 60_000 });
