import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Book } from './types';

/** GET /library/books/{id}: the book (404 when unknown, 400 for an id that is not one). */
export async function getBook(id: string): Promise<Book> {
  const { data } = await api.get<Book>(`/library/books/${encodeURIComponent(id)}`);
  return data;
}

export function bookQueryOptions(id: string) {
  return queryOptions({ queryKey: libraryKeys.book(id), queryFn: () => getBook(id), retry: false });
}

export function useBook(id: string) {
  return useQuery(bookQueryOptions(id));
}
