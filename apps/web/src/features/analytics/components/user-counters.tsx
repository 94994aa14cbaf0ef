import type { ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';
import { useStatsOverview } from '../api/get-dashboard-overview';
import { FormError } from '@/components/ui/form-error';

const number = new Intl.NumberFormat();

/** Live account counters from GET /stats/overview. */
export function UserCounters() {
  const stats = useStatsOverview();
  if (stats.isError) return <FormError message="Could not load the counters." />;
  const v = (n: number | undefined) => (n === undefined ? '' : number.format(n));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label="Students" value={v(stats.data?.students)} loading={stats.isPending} />
      <StatCard label="Teachers" value={v(stats.data?.teachers)} loading={stats.isPending} />
      <StatCard label="Pending approvals" value={v(stats.data?.pendingApprovals)} loading={stats.isPending} />
    </div>
  );
}

/** The Admin dashboard's 'Open Jobs': drives open for applications now (GET /stats/overview `openJobs`). */
export function OpenJobsCounter({ hint }: { hint?: ReactNode }) {
  const stats = useStatsOverview();
  return <StatCard label="Open Jobs" value={stats.data ? number.format(stats.data.openJobs) : stats.isError ? '—' : ''} loading={stats.isPending} hint={hint} />;
}
