import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';
import { ASSESSMENT_WRITES, assessmentKeys } from './keys';

/** DELETE /assesment/exams/{id}: the exam and its marks. */
export async function deleteExam(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/assesment/exams/${encodeURIComponent(id)}`);
  return data;
}

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExam,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: assessmentKeys.marks(id) });
      return Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
