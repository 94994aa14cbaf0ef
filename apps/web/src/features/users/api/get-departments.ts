import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { departmentsResponse } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /users/departments: the departments people are in (the filter's options). */
export async function getDepartments(): Promise<string[]> {
  const { data } = await api.get<z.infer<typeof departmentsResponse>>('/users/departments');
  return data.departments;
}

export const useDepartments = () => useQuery({ queryKey: userKeys.departments, queryFn: getDepartments, staleTime: 60_000 });
