import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alumniKeys } from './keys';
import type { AlumnusSaved, UpdateAlumnusInput } from './types';

/** PATCH /alumni/{id} (faculty): name required; an absent field stays, null clears it, lists replace. */
export async function updateAlumnus(id: string, patch: UpdateAlumnusInput): Promise<AlumnusSaved> {
  const { data } = await api.patch<AlumnusSaved>(`/alumni/${encodeURIComponent(id)}`, patch);
  return data;
}

export function useUpdateAlumnus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateAlumnusInput }) => updateAlumnus(id, patch),
    onSuccess: ({ alumnus }) => {
      queryClient.setQueryData(alumniKeys.alumnus(alumnus._id), alumnus);
      return queryClient.invalidateQueries({ queryKey: alumniKeys.lists });
    },
  });
}
