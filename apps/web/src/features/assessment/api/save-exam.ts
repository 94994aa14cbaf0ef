import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ASSESSMENT_WRITES } from './keys';
import type { CreateExamInput, ExamSaved, UpdateExamInput } from './types';

/** POST /assesment/exams: an exam for a class the caller teaches (403 another's; 400 a class nobody teaches). */
export async function createExam(input: CreateExamInput): Promise<ExamSaved> {
  const { data } = await api.post<ExamSaved>('/assesment/exams', input);
  return data;
}

/** PATCH /assesment/exams/{id}: name, kind, maximum, weight, date (a maximum below an entered mark: 409). */
export async function updateExam(id: string, patch: UpdateExamInput): Promise<ExamSaved> {
  const { data } = await api.patch<ExamSaved>(`/assesment/exams/${encodeURIComponent(id)}`, patch);
  return data;
}

export function useSaveExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: CreateExamInput | UpdateExamInput }) => (v.id ? updateExam(v.id, v.input) : createExam(v.input as CreateExamInput)),
    onSuccess: () => Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
