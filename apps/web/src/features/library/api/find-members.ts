import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Member, MemberList } from './types';

/** GET /library/members?q= (desk): active members by name, email or student ID, with loans on hand and fines owed. */
export async function findMembers(q: string): Promise<Member[]> {
  const { data } = await api.get<MemberList>('/library/members', { params: { q, limit: 10 } });
  return data.members;
}

export const membersQueryOptions = (q: string) => queryOptions({ queryKey: [...libraryKeys.members, q], queryFn: () => findMembers(q) });

export function useMembers(q: string, enabled: boolean) {
  return useQuery({ ...membersQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
