import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { MySubjects } from './types';

/** GET /teachers/my-subjects (spec): the caller's teaching assignments, `{subjects: [{name, code, section, ...}]}`. */
export async function getMySubjects(): Promise<MySubjects> {
  const { data } = await api.get<MySubjects>('/teachers/my-subjects');
  return data;
}

export const mySubjectsQueryOptions = () => queryOptions({ queryKey: academicsKeys.mySubjects, queryFn: getMySubjects });

export function useMySubjects() {
  return useQuery(mySubjectsQueryOptions());
}
