import { queryKeys } from '@/lib/query-keys';

/** Query keys of the library feature; every circulation change invalidates `libraryKeys.all`. */
export const libraryKeys = {
  all: queryKeys.library,
  books: [...queryKeys.library, 'books'] as const,
  book: (id: string) => [...queryKeys.library, 'book', id] as const,
  loans: [...queryKeys.library, 'loans'] as const,
  fines: [...queryKeys.library, 'fines'] as const,
  summary: [...queryKeys.library, 'summary'] as const,
  stats: [...queryKeys.library, 'stats'] as const,
  settings: [...queryKeys.library, 'settings'] as const,
  members: [...queryKeys.library, 'members'] as const,
  holds: [...queryKeys.library, 'holds'] as const,
  holdShelf: [...queryKeys.library, 'hold-shelf'] as const,
  verifications: [...queryKeys.library, 'verifications'] as const,
  copies: (bookId: string) => [...queryKeys.library, 'copies', bookId] as const,
};
