import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alumniKeys } from './keys';
import type { AlumniList, AlumniQuery } from './types';

/**
 * GET /alumni: one page of the directory; `q` matches name, current company or current role
 * (case-insensitive, partial words). A Student never receives a private profile.
 */
export async function getAlumni(query: AlumniQuery): Promise<AlumniList> {
  const { data } = await api.get<AlumniList>('/alumni', { params: query });
  return data;
}

export function alumniQueryOptions(query: AlumniQuery) {
  return queryOptions({ queryKey: [...alumniKeys.lists, query], queryFn: () => getAlumni(query), retry: false });
}

/** The previous page stays on screen while the next search loads (isFetching tells the two apart). */
export function useAlumni(query: AlumniQuery) {
  return useQuery({ ...alumniQueryOptions(query), placeholderData: keepPreviousData });
}
