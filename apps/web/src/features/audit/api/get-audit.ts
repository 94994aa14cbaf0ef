import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditList, auditQuery } from '@crs/shared/schemas/audit';
import { api } from '@/lib/api-client';

export type AuditQueryInput = Partial<z.input<typeof auditQuery>>;

const auditKeys = { list: (query: object) => ['audit', query] as const };

/** Drops empty filters so the URL and the cache key stay small. */
const cleanQuery = (q: AuditQueryInput): AuditQueryInput => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as AuditQueryInput;

/** GET /audit (SuperAdmin): entries newest first, filtered by actor, action and days. */
export async function getAudit(query: AuditQueryInput): Promise<AuditList> {
  const { data } = await api.get<AuditList>('/audit', { params: cleanQuery(query) });
  return data;
}

export function auditQueryOptions(query: AuditQueryInput) {
  const q = cleanQuery(query);
  return queryOptions({ queryKey: auditKeys.list(q), queryFn: () => getAudit(q), placeholderData: keepPreviousData });
}

export const useAudit = (query: AuditQueryInput) => useQuery(auditQueryOptions(query));
