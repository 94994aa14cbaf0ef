import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, AdminUser, UpdateUserInput } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Saved = { message: string; user: AdminUser };

/** POST /users: a new active account; the server mails the person a set-password link. */
export async function createPerson(input: CreateUserInput): Promise<Saved> {
  const { data } = await api.post<Saved>('/users', input);
  return data;
}

/** PATCH /users/{id}: the person's fields and roles. */
export async function updatePerson(id: string, patch: UpdateUserInput): Promise<Saved> {
  const { data } = await api.patch<Saved>(`/users/${encodeURIComponent(id)}`, patch);
  return data;
}

const refreshLists = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([client.invalidateQueries({ queryKey: queryKeys.users }), client.invalidateQueries({ queryKey: queryKeys.stats })]);

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createPerson, onSettled: () => refreshLists(client) });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, patch }: { id: string; patch: UpdateUserInput }) => updatePerson(id, patch), onSettled: () => refreshLists(client) });
}
