import { queryKeys } from '@/lib/query-keys';

/** The people lists share the users key, so approvals on the dashboard and these pages refresh together. */
export const userKeys = {
  all: queryKeys.users,
  list: (query: object) => [...queryKeys.users, 'people', query] as const,
  departments: [...queryKeys.users, 'departments'] as const,
  unmatched: [...queryKeys.users, 'unmatched'] as const,
  academicChoices: [...queryKeys.users, 'academic-choices'] as const,
};
