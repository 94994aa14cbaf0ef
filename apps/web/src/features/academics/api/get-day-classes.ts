import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { DayClasses } from './types';

/**
 * GET /attendance/classes?date=: the caller's classes on a date (today without one), whether that
 * date may still be saved, and the correction window. The attendance page's class picker.
 */
export async function getDayClasses(date?: string): Promise<DayClasses> {
  const { data } = await api.get<DayClasses>('/attendance/classes', { params: date ? { date } : undefined });
  return data;
}

export const dayClassesQueryOptions = (date?: string) => queryOptions({ queryKey: academicsKeys.dayClasses(date), queryFn: () => getDayClasses(date) });

export function useDayClasses(date?: string) {
  return useQuery(dayClassesQueryOptions(date));
}
