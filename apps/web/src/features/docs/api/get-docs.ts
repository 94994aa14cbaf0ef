import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Doc } from '@crs/shared/schemas/docs';
import { api } from '@/lib/api-client';
import { docsKeys } from './keys';

/** GET /docs?q=&type=: the documents the caller may see, newest first, each with a signed file link. */
export async function getDocs(q: string, type: string): Promise<{ docs: Doc[] }> {
  const { data } = await api.get<{ docs: Doc[] }>('/docs', { params: { ...(q ? { q } : {}), ...(type ? { type } : {}) } });
  return data;
}

export function useDocs(q: string, type: string) {
  return useQuery({ queryKey: docsKeys.list(q, type), queryFn: () => getDocs(q, type), placeholderData: keepPreviousData, retry: false });
}
