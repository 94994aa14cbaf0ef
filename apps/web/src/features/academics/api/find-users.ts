import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listUsersResponse } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export type UserChoice = z.infer<typeof listUsersResponse>['users'][number];

/** GET /users?role=&status=active&q= (Admin, SuperAdmin): active teachers or students for the setup's pickers. */
export async function findUsers(role: 'Teacher' | 'Student', q: string): Promise<UserChoice[]> {
  const { data } = await api.get<z.infer<typeof listUsersResponse>>('/users', { params: { role, status: 'active', q: q || undefined, pageSize: 20 } });
  return data.users;
}

export function useFindUsers(role: 'Teacher' | 'Student', q: string, enabled = true) {
  return useQuery({ queryKey: [...academicsKeys.users, role, q], queryFn: () => findUsers(role, q), placeholderData: keepPreviousData, enabled });
}
