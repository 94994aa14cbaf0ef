import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PendingAccounts } from '@/features/accounts/components/pending-accounts';
import { AccountCounters } from '@/features/stats/components/account-counters';
import { SystemCards } from '@/features/stats/components/system-cards';
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
      <AccountCounters />
      <PendingAccounts />
      <JobsOverview />
    </section>
  );
}
