import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { PendingAccounts } from '@/features/accounts/components/pending-accounts';
import { RecentAccounts } from '@/features/accounts/components/recent-accounts';
import { AccountCounters } from '@/features/stats/components/account-counters';
import { displayName, useAuth } from '@/lib/auth';

export default function AdminDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Admin Dashboard" />
      <AccountCounters />
      <ModuleNotice module="library and placement">Book and open-job counters will appear when the library and placement modules land.</ModuleNotice>
      <PendingAccounts />
      <RecentAccounts />
    </section>
  );
}
