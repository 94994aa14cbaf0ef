import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listAdminUsersResponse, listUsersQuery, AdminUser } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export type UserListQuery = Partial<z.input<typeof listUsersQuery>>;
export type ManageUsersPage = { users: AdminUser[]; total: number };

/** Drops empty filters so the URL and the cache key stay small. */
export const cleanQuery = (q: UserListQuery): UserListQuery => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as UserListQuery;

/** GET /users (Admin, SuperAdmin): search, filters and a page, newest first. */
export async function getAdminUsers(query: UserListQuery): Promise<ManageUsersPage> {
  const { data } = await api.get<z.infer<typeof listAdminUsersResponse>>('/users', { params: cleanQuery(query) });
  return data;
}

export function userListQueryOptions(query: UserListQuery) {
  const q = cleanQuery(query);
  return queryOptions({ queryKey: userKeys.list(q), queryFn: () => getAdminUsers(q), placeholderData: keepPreviousData });
}

export const useUserList = (query: UserListQuery) => useQuery(userListQueryOptions(query));
