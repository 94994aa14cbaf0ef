import { ACCOUNT_STATUSES, ROLES, type AccountStatus, type Role } from '@crs/shared/roles';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { USERS_SEARCH_DEBOUNCE_MS } from '../texts';

export type PeopleFilters = { q: string; role?: Role; status?: AccountStatus; department: string; section: string; page: number };
type FilterKey = 'role' | 'status' | 'department' | 'section';

/**
 * The people list's search, filters and page, kept in the URL (`?q=&role=&status=&department=&section=&page=`)
 * so a view can be shared and reloaded. The search box reaches the URL once typing pauses; any
 * filter change starts at page 1.
 */
export function useUserFilters() {
  const { params, search, page, input, setInput, setFilter, setPage, clear } = useUrlFilters<FilterKey>('q', USERS_SEARCH_DEBOUNCE_MS);
  const roleParam = params.get('role');
  const statusParam = params.get('status');
  const filters: PeopleFilters = {
    q: search,
    ...(ROLES.includes(roleParam as Role) ? { role: roleParam as Role } : {}),
    ...(ACCOUNT_STATUSES.includes(statusParam as AccountStatus) ? { status: statusParam as AccountStatus } : {}),
    department: params.get('department') ?? '',
    section: (params.get('section') ?? '').trim(),
    page,
  };
  const active = Boolean(search || filters.role || filters.status || filters.department || filters.section);
  return { filters, input, setInput, setFilter, setPage, clear, active };
}
