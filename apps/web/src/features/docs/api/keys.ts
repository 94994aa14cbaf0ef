import { queryKeys } from '@/lib/query-keys';

export const docsKeys = {
  all: queryKeys.docs,
  list: (q: string, type: string) => [...queryKeys.docs, 'list', q, type] as const,
  subjects: [...queryKeys.docs, 'subjects'] as const,
};
