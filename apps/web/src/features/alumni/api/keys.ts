import { queryKeys } from '@/lib/query-keys';

/** Query keys of the alumni feature; every write invalidates `alumniKeys.all` (lists and profiles). */
export const alumniKeys = {
  all: queryKeys.alumni,
  lists: [...queryKeys.alumni, 'list'] as const,
  alumnus: (id: string) => [...queryKeys.alumni, 'alumnus', id] as const,
};
