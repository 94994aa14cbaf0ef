import { Link } from 'react-router';
import { hasAnyRole } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMyLoans } from '../api/get-loans';
import { useLibrarySummary } from '../api/get-summary';
import { formatDate } from '@/lib/format-date';
import { LIBRARY_TEXT } from '../texts';

/**
 * The library's part of the header bell: loans overdue or due soon (GET /library/summary) for a
 * library reader. `count` feeds the dot; `LoanAlerts` lists them when the bell opens.
 */
export function useLoanAlerts(): { count: number; overdue: number } {
  const { user } = useAuth();
  const reader = hasAnyRole(user?.roles ?? [], ROUTE_ROLES['/library']);
  const summary = useLibrarySummary({ enabled: reader });
  const overdue = summary.data?.overdueLoans ?? 0;
  return { count: overdue + (summary.data?.dueSoon ?? 0), overdue };
}

/** The overdue and due-soon loans (the first `count` on-loan loans), for the bell's menu. */
export function LoanAlerts({ overdue, count }: { overdue: number; count: number }) {
  const loans = useMyLoans();
  return (
    <div className="grid gap-3">
      <p className="font-medium">Library</p>
      {/* On-loan loans come first, soonest due first: the first `count` are the overdue and due-soon ones. */}
      <QueryState query={loans} error={LIBRARY_TEXT.loadFailed} skeletons={['h-10']}>
        {(data) => (
          <ul className="grid gap-2" aria-label="Loan alerts">
            {data.loans
              .filter((l) => l.status !== 'returned')
              .slice(0, count)
              .map((l, i) => (
                <li key={l._id}>
                  <span className={i < overdue ? 'font-medium text-destructive' : 'font-medium'}>{i < overdue ? 'Overdue' : 'Due soon'}:</span> {l.book.title}{' '}
                  <span className="text-muted-foreground">(due {formatDate(l.dueOn)})</span>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
      <Link to={paths.libraryLoans} className="text-primary underline-offset-4 hover:underline">
        View my loans
      </Link>
    </div>
  );
}
