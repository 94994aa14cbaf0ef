import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ASSESSMENT_WRITES, assessmentKeys } from './keys';
import type { MarkEntry, MarksGrid } from './types';

/** GET /assesment/exams/{id}/marks: the exam and its section's roster, each student's mark or absence. */
export async function getExamMarks(examId: string): Promise<MarksGrid> {
  const { data } = await api.get<MarksGrid>(`/assesment/exams/${encodeURIComponent(examId)}/marks`);
  return data;
}

export const examMarksQueryOptions = (examId: string) => queryOptions({ queryKey: assessmentKeys.marks(examId), queryFn: () => getExamMarks(examId) });

export function useExamMarks(examId: string) {
  return useQuery(examMarksQueryOptions(examId));
}

/**
 * PUT /assesment/exams/{id}/marks: the listed students' marks (others keep theirs); `marks: null`
 * and not absent clears one. Outsiders, repeats and marks above the maximum: 400, nothing written.
 */
export async function saveExamMarks(examId: string, marks: Array<Pick<MarkEntry, 'studentId' | 'marks' | 'absent'> & { remarks?: string }>): Promise<MarksGrid> {
  const { data } = await api.put<MarksGrid>(`/assesment/exams/${encodeURIComponent(examId)}/marks`, { marks });
  return data;
}

export function useSaveExamMarks(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: Parameters<typeof saveExamMarks>[1]) => saveExamMarks(examId, marks),
    onSuccess: async (grid) => {
      queryClient.setQueryData(assessmentKeys.marks(examId), grid);
      await Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })));
    },
  });
}
