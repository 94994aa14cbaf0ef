import { useState } from 'react';
import { hasAnyRole } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { NotificationBell } from '@/components/layout/notification-bell';
import { paths } from '@/config/paths';
import { LoanAlerts, useLoanAlerts } from '@/features/library/components/library-bell';
import { NoticeAlerts, useUnreadNotices } from '@/features/notices/components/notice-alerts';
import { BellNotifications, useUnreadNotifications } from '@/features/notifications/components/bell-notifications';
import { useAuth } from '@/lib/auth';

/** Where a reader opens their notices: students their list, teachers their dashboard card, publishers the board. */
function noticesPathFor(roles: readonly string[]): string | undefined {
  if (roles.includes('Student')) return paths.studentNotices;
  if (hasAnyRole(roles, ROUTE_ROLES['/dashboard/staff/notices'])) return paths.staffNotices;
  if (roles.includes('Teacher')) return paths.teacherDashboard;
  return undefined;
}

/**
 * The header bell (product.md section 2, issues 13 and 30): its dot shows only while something is
 * unread — notifications (newest first, 'Mark all read', the way to /notifications), notices the
 * user has not opened, or library loans overdue or due soon — and its menu lists them.
 */
export function HeaderBell() {
  const { user } = useAuth();
  const notifications = useUnreadNotifications();
  const notices = useUnreadNotices();
  const loans = useLoanAlerts();
  const [open, setOpen] = useState(false);
  const unread = notifications + notices + loans.count;
  return (
    <NotificationBell unread={unread} onOpenChange={setOpen}>
      {open ? (
        <div className="grid max-h-[70vh] gap-4 overflow-y-auto">
          <BellNotifications historyPath={paths.notifications} />
          {notices > 0 ? <NoticeAlerts noticesPath={noticesPathFor(user?.roles ?? [])} /> : null}
          {loans.count > 0 ? <LoanAlerts overdue={loans.overdue} count={loans.count} /> : null}
        </div>
      ) : null}
    </NotificationBell>
  );
}
