import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildrenList, LinkChildBody } from '@crs/shared/schemas/guardians';
import { api } from '@/lib/api-client';
import { guardianKeys } from './keys';

/** GET /guardians/me/children: the signed-in guardian's linked children. */
export async function getMyChildren(): Promise<ChildrenList> {
  const { data } = await api.get<ChildrenList>('/guardians/me/children');
  return data;
}

export const myChildrenQueryOptions = () => queryOptions({ queryKey: guardianKeys.children, queryFn: getMyChildren });

export function useMyChildren() {
  return useQuery(myChildrenQueryOptions());
}

/** POST /guardians/me/children: links another child by their code; the list reloads. */
export function useLinkChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkChildBody) => (await api.post<{ message: string }>('/guardians/me/children', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.all }),
  });
}
