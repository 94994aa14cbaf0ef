import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Book } from './types';

export type BooksQuery = { q: string; page: number; pageSize: number };
export type BooksPage = { books: Book[]; total: number; capped: boolean };

/** GET /library/books: ranked search; an empty q lists the catalogue by title. */
export async function searchBooks(query: BooksQuery): Promise<BooksPage> {
  const { data } = await api.get<BooksPage>('/library/books', { params: query });
  return data;
}

export function booksQueryOptions(query: BooksQuery) {
  return queryOptions({ queryKey: [...libraryKeys.books, query], queryFn: () => searchBooks(query) });
}

/** The previous page stays on screen while the next query loads (isFetching tells the two apart). */
export function useBooks(query: BooksQuery) {
  return useQuery({ ...booksQueryOptions(query), placeholderData: keepPreviousData });
}
