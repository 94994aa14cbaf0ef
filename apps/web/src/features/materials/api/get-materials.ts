import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Material } from '@crs/shared/schemas/materials';
import { api } from '@/lib/api-client';
import { materialsKeys } from './keys';

/** GET /teachers/materials: the caller's uploads, newest first, each with a signed download link. */
export async function getMaterials(): Promise<Material[]> {
  const { data } = await api.get<{ materials: Material[] }>('/teachers/materials');
  return data.materials;
}

/** The download links are signed for an hour (decision 0025): a page left open fetches fresh ones well before. */
const LINK_REFRESH_MS = 30 * 60_000;

export const materialsQueryOptions = () => queryOptions({ queryKey: materialsKeys.mine, queryFn: getMaterials, refetchInterval: LINK_REFRESH_MS });

export function useMaterials() {
  return useQuery(materialsQueryOptions());
}
