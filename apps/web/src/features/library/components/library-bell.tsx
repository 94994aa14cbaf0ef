import { useState } from 'react';
import { Link } from 'react-router';
import { hasAnyRole } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { NotificationBell } from '@/components/layout/notification-bell';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMyLoans } from '../api/get-loans';
import { useLibrarySummary } from '../api/get-summary';
import { formatDate } from '../format';

/**
 * The header bell fed by the library: its dot shows only while the member has loans overdue or due
 * soon (GET /library/summary), and opening it lists them. (This module imports no zod: it loads with
 * every signed-in page.)
 */
export function LibraryBell() {
  const { user } = useAuth();
  const reader = hasAnyRole(user?.roles ?? [], ROUTE_ROLES['/library']);
  const summary = useLibrarySummary({ enabled: reader });
  const [open, setOpen] = useState(false);
  const overdue = summary.data?.overdueLoans ?? 0;
  const unread = overdue + (summary.data?.dueSoon ?? 0);

  return (
    <NotificationBell unread={unread} onOpenChange={setOpen}>
      {unread > 0 && open ? <LoanAlerts overdue={overdue} count={unread} /> : null}
    </NotificationBell>
  );
}

function LoanAlerts({ overdue, count }: { overdue: number; count: number }) {
  const loans = useMyLoans();
  // On-loan loans come first, soonest due first: the first `count` are the overdue and due-soon ones.
  const alerts = (loans.data?.loans ?? []).filter((l) => l.status !== 'returned').slice(0, count);
  return (
    <div className="grid gap-3">
      <p className="font-medium">Library</p>
      {loans.isPending ? (
        <Skeleton className="h-10" />
      ) : (
        <ul className="grid gap-2" aria-label="Loan alerts">
          {alerts.map((l, i) => (
            <li key={l._id}>
              <span className={i < overdue ? 'font-medium text-destructive' : 'font-medium'}>{i < overdue ? 'Overdue' : 'Due soon'}:</span> {l.book.title}{' '}
              <span className="text-muted-foreground">(due {formatDate(l.dueOn)})</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.libraryLoans} className="text-primary underline-offset-4 hover:underline">
        View my loans
      </Link>
    </div>
  );
}
