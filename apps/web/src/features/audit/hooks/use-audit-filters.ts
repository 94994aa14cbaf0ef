import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction } from '@crs/shared/schemas/audit';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { AUDIT_ACTOR_DEBOUNCE_MS } from '../texts';

export type AuditFilters = { actor: string; action?: AuditAction; from: string; to: string; page: number };
type FilterKey = 'action' | 'from' | 'to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (v: string | null): v is AuditAction => v !== null && Object.hasOwn(AUDIT_ACTIONS, v);

/**
 * The System Logs filters and page, kept in the URL (`?actor=&action=&from=&to=&page=`) so a view
 * can be shared and reloaded. The actor box reaches the URL once typing pauses; any filter change
 * starts at page 1.
 */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const actor = (params.get('actor') ?? '').trim();
  const action = params.get('action');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pageParam = Number(params.get('page') ?? '1');
  const filters: AuditFilters = {
    actor,
    ...(isAction(action) ? { action } : {}),
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
  const [input, setInput] = useState(actor);
  const debounced = useDebouncedValue(input.trim(), AUDIT_ACTOR_DEBOUNCE_MS);
  const [seenActor, setSeenActor] = useState(actor);
  if (seenActor !== actor) {
    setSeenActor(actor);
    if (input.trim() !== actor) setInput(actor);
  }

  useEffect(() => {
    if (debounced === actor || debounced !== input.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('actor', debounced);
        else next.delete('actor');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, actor, input, setParams]);

  function setFilter(key: FilterKey, value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function setPage(page: number) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });
  }

  function clear() {
    setInput('');
    setParams(new URLSearchParams(), { replace: true });
  }

  const active = Boolean(actor || filters.action || filters.from || filters.to);
  return { filters, input, setInput, setFilter, setPage, clear, active };
}
