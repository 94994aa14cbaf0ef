import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountStatus, Role } from '@crs/shared/roles';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { normalizeUser, type SessionUser } from '@/lib/auth-api';

export type UsersQuery = { status?: AccountStatus; role?: Role; q?: string; page?: number; pageSize?: number };
export type UsersPage = { users: SessionUser[]; total: number };

/** GET /users (Admin, SuperAdmin): newest first. */
export async function getUsers(query: UsersQuery): Promise<UsersPage> {
  const { data } = await api.get<{ users: unknown[]; total: number }>('/users', { params: query });
  return { users: data.users.map(normalizeUser), total: data.total };
}

export const usersQueryKey = queryKeys.users;

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({ queryKey: [...usersQueryKey, query], queryFn: () => getUsers(query) });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
