import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '@crs/shared/constants/audit';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { AUDIT_ACTOR_DEBOUNCE_MS } from '../texts';

export type AuditFilters = { actor: string; action?: AuditAction; target?: AuditTargetType; from: string; to: string; page: number };
type FilterKey = 'action' | 'target' | 'from' | 'to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (v: string | null): v is AuditAction => v !== null && Object.hasOwn(AUDIT_ACTIONS, v);
const isTarget = (v: string | null): v is AuditTargetType => v !== null && Object.hasOwn(AUDIT_TARGET_TYPES, v);

/**
 * The System Logs filters and page, kept in the URL (`?actor=&action=&target=&from=&to=&page=`) so a view
 * can be shared and reloaded. The who box reaches the URL once typing pauses; any filter change
 * starts at page 1.
 */
export function useAuditFilters() {
  const { params, search, page, input, setInput, setFilter, setPage, clear } = useUrlFilters<FilterKey>('actor', AUDIT_ACTOR_DEBOUNCE_MS);
  const action = params.get('action');
  const target = params.get('target');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters: AuditFilters = { actor: search, ...(isAction(action) ? { action } : {}), ...(isTarget(target) ? { target } : {}), from: DAY.test(from) ? from : '', to: DAY.test(to) ? to : '', page };
  const active = Boolean(search || filters.action || filters.target || filters.from || filters.to);
  return { filters, input, setInput, setFilter, setPage, clear, active };
}
