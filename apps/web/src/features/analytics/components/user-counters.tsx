import type { ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';
import { useStatsOverview } from '../api/get-dashboard-overview';
import { FormError } from '@/components/ui/form-error';
import { COUNTERS_TEXT } from '../texts';

const number = new Intl.NumberFormat();

/** Live account counters from GET /stats/overview. */
export function UserCounters() {
  const stats = useStatsOverview();
  if (stats.isError) return <FormError message={COUNTERS_TEXT.loadFailed} />;
  const v = (n: number | undefined) => (n === undefined ? '' : number.format(n));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label={COUNTERS_TEXT.students} value={v(stats.data?.students)} loading={stats.isPending} />
      <StatCard label={COUNTERS_TEXT.teachers} value={v(stats.data?.teachers)} loading={stats.isPending} />
      <StatCard label={COUNTERS_TEXT.pendingApprovals} value={v(stats.data?.pendingApprovals)} loading={stats.isPending} />
    </div>
  );
}

/** The Admin dashboard's 'Open Jobs': drives open for applications now (GET /stats/overview `openJobs`). */
export function OpenJobsCounter({ hint }: { hint?: ReactNode }) {
  const stats = useStatsOverview();
  return <StatCard label={COUNTERS_TEXT.openJobs} value={stats.data ? number.format(stats.data.openJobs) : stats.isError ? '—' : ''} loading={stats.isPending} hint={hint} />;
}
