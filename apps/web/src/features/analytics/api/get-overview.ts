import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview } from '@crs/shared/schemas/analytics';
import { api } from '@/lib/api-client';

export type AnalyticsRange = { from?: string | undefined; to?: string | undefined };

/** GET /analytics/overview?from=&to= (Admin, SuperAdmin): every chart's figures over the range. */
export async function getAnalyticsOverview(range: AnalyticsRange): Promise<AnalyticsOverview> {
  const params = Object.fromEntries(Object.entries(range).filter(([, v]) => v));
  const { data } = await api.get<AnalyticsOverview>('/analytics/overview', { params });
  return data;
}

export const analyticsOverviewQuery = (range: AnalyticsRange) =>
  queryOptions({ queryKey: ['analytics', 'overview', range.from ?? '', range.to ?? ''], queryFn: () => getAnalyticsOverview(range), placeholderData: keepPreviousData });

export const useAnalyticsOverview = (range: AnalyticsRange) => useQuery(analyticsOverviewQuery(range));
