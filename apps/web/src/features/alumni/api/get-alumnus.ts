import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alumniKeys } from './keys';
import type { Alumnus, AlumnusAnswer } from './types';

/** GET /alumni/{id}: one profile (404 when unknown, or private and the caller is not faculty). */
export async function getAlumnus(id: string): Promise<Alumnus> {
  const { data } = await api.get<AlumnusAnswer>(`/alumni/${encodeURIComponent(id)}`);
  return data.alumnus;
}

export function alumnusQueryOptions(id: string) {
  return queryOptions({ queryKey: alumniKeys.alumnus(id), queryFn: () => getAlumnus(id), retry: false });
}

export function useAlumnus(id: string) {
  return useQuery(alumnusQueryOptions(id));
}
