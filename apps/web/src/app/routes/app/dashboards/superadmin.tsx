import { PageHeader } from '@/components/layout/page';
import { PendingAccounts } from '@/features/accounts/components/pending-accounts';
import { AccountCounters } from '@/features/stats/components/account-counters';
import { SystemCards } from '@/features/stats/components/system-cards';

export default function SuperAdminDashboardRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title="System overview" description="SuperAdmin Dashboard" />
      <SystemCards />
      <AccountCounters />
      <PendingAccounts />
    </section>
  );
}
