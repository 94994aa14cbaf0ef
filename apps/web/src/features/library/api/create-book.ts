import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { BookResponse, CreateBookInput } from './types';

/** POST /library/books (desk): a new book with every copy available. */
export async function createBook(input: CreateBookInput): Promise<BookResponse> {
  const { data } = await api.post<BookResponse>('/library/books', input);
  return data;
}

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: libraryKeys.books }), queryClient.invalidateQueries({ queryKey: libraryKeys.stats })]),
  });
}
