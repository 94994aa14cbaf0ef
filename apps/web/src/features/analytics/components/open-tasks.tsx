import { Link } from 'react-router';
import { USERS_MSG } from '@crs/shared/messages/users';
import { RegionCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useOpenTasks } from '../api/get-tasks';

type Task = { key: string; count: number; text: string; link?: { to: string; label: string } | undefined; note?: string | undefined };

/**
 * The Staff dashboard's Open Tasks (spec: 'Open Tasks list'), counted from live work: sign-ups
 * waiting for approval, loans overdue, notices expiring within a week and placement applications
 * to review. The paths (from the route) link each to the page where it is dealt with; sign-ups link
 * to the approvals (`approvalsPath`) only for a viewer who may approve, and otherwise say who does.
 */
export function OpenTasks({ reportsPath, noticesPath, placementPath, approvalsPath }: { reportsPath?: string; noticesPath?: string; placementPath?: string; approvalsPath?: string | undefined }) {
  const tasks = useOpenTasks();
  const list: Task[] = tasks.data
    ? [
        {
          key: 'approvals',
          count: tasks.data.pendingApprovals,
          text: tasks.data.pendingApprovals === 1 ? 'account waiting for approval' : 'accounts waiting for approval',
          link: approvalsPath ? { to: approvalsPath, label: USERS_MSG.approvalsReview } : undefined,
          note: approvalsPath ? undefined : USERS_MSG.approvalsWho,
        },
        {
          key: 'overdue',
          count: tasks.data.overdueLoans,
          text: tasks.data.overdueLoans === 1 ? 'library loan overdue' : 'library loans overdue',
          link: reportsPath ? { to: reportsPath, label: 'Overdue report' } : undefined,
        },
        {
          key: 'notices',
          count: tasks.data.expiringNotices,
          text: tasks.data.expiringNotices === 1 ? 'notice expiring within 7 days' : 'notices expiring within 7 days',
          link: noticesPath ? { to: noticesPath, label: 'Manage notices' } : undefined,
        },
        {
          key: 'applications',
          count: tasks.data.applicationsToReview,
          text: tasks.data.applicationsToReview === 1 ? 'placement application to review' : 'placement applications to review',
          link: placementPath ? { to: placementPath, label: 'Placement cell' } : undefined,
        },
      ].filter((t) => t.count > 0)
    : [];
  return (
    <RegionCard title="Open Tasks">
      <QueryState query={tasks} error="Could not load your open tasks." skeletons={['h-16']} empty="Nothing is waiting for you." isEmpty={() => list.length === 0}>
        {() => (
          <ul className="grid gap-3">
            {list.map((t) => (
              <li key={t.key} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span>
                  <span className="text-lg font-semibold tabular-nums">{t.count}</span> {t.text}
                </span>
                {t.link ? (
                  <Link to={t.link.to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {t.link.label}
                  </Link>
                ) : t.note ? (
                  <span className="text-sm text-muted-foreground">{t.note}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </RegionCard>
  );
}
