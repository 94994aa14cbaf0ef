import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listPeopleResponse, listUsersQuery, Person } from '@crs/shared/schemas/users';
import { api } from '@/lib/api-client';
import { peopleKeys } from './keys';

export type PeopleQuery = Partial<z.input<typeof listUsersQuery>>;
export type PeoplePage = { users: Person[]; total: number };

/** Drops empty filters so the URL and the cache key stay small. */
export const cleanQuery = (q: PeopleQuery): PeopleQuery => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as PeopleQuery;

/** GET /users (Admin, SuperAdmin): search, filters and a page, newest first. */
export async function getPeople(query: PeopleQuery): Promise<PeoplePage> {
  const { data } = await api.get<z.infer<typeof listPeopleResponse>>('/users', { params: cleanQuery(query) });
  return data;
}

export function peopleQueryOptions(query: PeopleQuery) {
  const q = cleanQuery(query);
  return queryOptions({ queryKey: peopleKeys.list(q), queryFn: () => getPeople(q), placeholderData: keepPreviousData });
}

export const usePeople = (query: PeopleQuery) => useQuery(peopleQueryOptions(query));
