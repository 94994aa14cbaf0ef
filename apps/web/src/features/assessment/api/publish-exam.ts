import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ASSESSMENT_WRITES } from './keys';
import type { ExamSaved } from './types';

/** POST /assesment/exams/{id}/publish: students see the marks (`published: false` withdraws them). */
export async function publishExam(id: string, published: boolean): Promise<ExamSaved> {
  const { data } = await api.post<ExamSaved>(`/assesment/exams/${encodeURIComponent(id)}/publish`, { published });
  return data;
}

export function usePublishExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; published: boolean }) => publishExam(v.id, v.published),
    onSuccess: () => Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
