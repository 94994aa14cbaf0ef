import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { BookList, SearchBooksQuery } from './types';

/** GET /library/books: ranked search; an empty q lists the catalogue by title. */
export async function searchBooks(query: SearchBooksQuery): Promise<BookList> {
  const { data } = await api.get<BookList>('/library/books', { params: query });
  return data;
}

export function booksQueryOptions(query: SearchBooksQuery) {
  return queryOptions({ queryKey: [...libraryKeys.books, query], queryFn: () => searchBooks(query) });
}

/** The previous page stays on screen while the next query loads (isFetching tells the two apart). */
export function useBooks(query: SearchBooksQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...booksQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
