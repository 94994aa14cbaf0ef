import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assessmentKeys } from './keys';
import type { ExamList } from './types';

/** GET /assesment/exams (spec: `{exams: [{_id, name}]}`): the caller's classes' exams (Admin: all), newest first. */
export async function getExams(): Promise<ExamList> {
  const { data } = await api.get<ExamList>('/assesment/exams');
  return data;
}

export const examsQueryOptions = () => queryOptions({ queryKey: assessmentKeys.exams, queryFn: getExams });

export function useExams() {
  return useQuery(examsQueryOptions());
}
