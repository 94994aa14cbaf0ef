import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { upcomingExamsResponse } from '@crs/shared/schemas/assessment';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

export type UpcomingExam = z.infer<typeof upcomingExamsResponse>['exams'][number];

/** GET /assesment/exams/upcoming (the spec's spelling): the student's exams from today on, by date. */
export async function getUpcomingExams(): Promise<UpcomingExam[]> {
  const { data } = await api.get<z.infer<typeof upcomingExamsResponse>>('/assesment/exams/upcoming');
  return data.exams;
}

export const upcomingExamsQueryOptions = () => queryOptions({ queryKey: resultsKeys.upcomingExams, queryFn: getUpcomingExams });

export function useUpcomingExams() {
  return useQuery(upcomingExamsQueryOptions());
}
