import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_STATUSES, ROLES, type AccountStatus, type Role } from '@crs/shared/roles';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PEOPLE_SEARCH_DEBOUNCE_MS } from '../texts';

export type PeopleFilters = { q: string; role?: Role; status?: AccountStatus; department: string; section: string; page: number };
type FilterKey = 'role' | 'status' | 'department' | 'section';

/**
 * The people list's search, filters and page, kept in the URL (`?q=&role=&status=&department=&section=&page=`)
 * so a view can be shared and reloaded. The search box reaches the URL once typing pauses; any
 * filter change starts at page 1.
 */
export function usePeopleFilters() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const roleParam = params.get('role');
  const statusParam = params.get('status');
  const pageParam = Number(params.get('page') ?? '1');
  const filters: PeopleFilters = {
    q,
    ...(ROLES.includes(roleParam as Role) ? { role: roleParam as Role } : {}),
    ...(ACCOUNT_STATUSES.includes(statusParam as AccountStatus) ? { status: statusParam as AccountStatus } : {}),
    department: params.get('department') ?? '',
    section: (params.get('section') ?? '').trim(),
    page: Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
  const [input, setInput] = useState(q);
  const debounced = useDebouncedValue(input.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (input.trim() !== q) setInput(q);
  }

  useEffect(() => {
    if (debounced === q || debounced !== input.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, input, setParams]);

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

  const active = Boolean(q || filters.role || filters.status || filters.department || filters.section);
  return { filters, input, setInput, setFilter, setPage, clear, active };
}
