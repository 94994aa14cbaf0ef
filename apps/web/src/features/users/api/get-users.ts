import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listUsersQuery, listUsersResponse } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { normalizeUser, type SessionUser } from '@/lib/auth-api';

/** User list filters; the server fills in the paging defaults. */
export type UsersQuery = Partial<z.input<typeof listUsersQuery>>;
export type UsersPage = Omit<z.infer<typeof listUsersResponse>, 'users'> & { users: SessionUser[] };

/** GET /users (Admin, SuperAdmin): newest first. */
export async function getUsers(query: UsersQuery): Promise<UsersPage> {
  const { data } = await api.get<z.infer<typeof listUsersResponse>>('/users', { params: query });
  return { users: data.users.map(normalizeUser), total: data.total };
}

export const usersQueryKey = queryKeys.users;

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({ queryKey: [...usersQueryKey, query], queryFn: () => getUsers(query) });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
