import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PendingUsers } from '@/features/users/components/pending-users';
import { UserCounters } from '@/features/analytics/components/user-counters';
import { SystemCards } from '@/features/analytics/components/system-cards';
import { JobsOverview } from '@/features/system/components/jobs-overview';

export default function SuperAdminDashboardRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title="System overview" description="SuperAdmin Dashboard">
        <Link to={paths.superadminLogs} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View the audit log
        </Link>
      </PageHeader>
      <SystemCards />
      <UserCounters />
      <PendingUsers />
      <JobsOverview />
    </section>
  );
}
