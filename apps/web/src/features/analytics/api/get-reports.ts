import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportList } from '@crs/shared/schemas/analytics';
import { api } from '@/lib/api-client';

/** GET /reports (Staff, Admin, SuperAdmin): the reports with their parameters and choices. */
export async function getReports(): Promise<ReportList> {
  const { data } = await api.get<ReportList>('/reports');
  return data;
}

export const useReports = () => useQuery(queryOptions({ queryKey: ['reports'], queryFn: getReports }));
