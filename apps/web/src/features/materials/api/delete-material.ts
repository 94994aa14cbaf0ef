import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { materialsKeys } from './keys';

/** DELETE /teachers/materials/{id}: the material and its file. */
export async function deleteMaterial(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/teachers/materials/${id}`);
  return data;
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialsKeys.mine }) });
}
