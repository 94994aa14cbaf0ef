import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { alumniKeys } from './keys';
import type { AlumniDeleted } from './types';

/** DELETE /alumni/{id} (faculty): answers 'Deleted successfully'. */
export async function deleteAlumnus(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/alumni/${encodeURIComponent(id)}`);
  return data;
}

/**
 * POST /alumni/delete {ids} (faculty): every id in one transaction, all or none (an unknown id
 * deletes nothing, 404). Replaces the spec's one DELETE per id (product.md section 2).
 */
export async function deleteAlumni(ids: readonly string[]): Promise<AlumniDeleted> {
  const { data } = await api.post<AlumniDeleted>('/alumni/delete', { ids });
  return data;
}

/** One id: DELETE /alumni/{id}; several: the batch. The lists reload and deleted profiles are dropped. */
export function useDeleteAlumni() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]): Promise<MessageBody> => (ids.length === 1 ? deleteAlumnus(ids[0]!) : deleteAlumni(ids)),
    onSuccess: (_answer, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: alumniKeys.alumnus(id) });
      return queryClient.invalidateQueries({ queryKey: alumniKeys.lists });
    },
  });
}
