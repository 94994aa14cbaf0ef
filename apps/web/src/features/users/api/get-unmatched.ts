import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unmatchedPeopleResponse } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export type UnmatchedPeople = z.infer<typeof unmatchedPeopleResponse>;

/** GET /users/unmatched: people whose legacy department or section text matches nothing in Academics (decision 0036). */
export async function getUnmatched(): Promise<UnmatchedPeople> {
  const { data } = await api.get<UnmatchedPeople>('/users/unmatched');
  return data;
}

export const useUnmatched = () => useQuery({ queryKey: userKeys.unmatched, queryFn: getUnmatched, staleTime: 60_000 });
