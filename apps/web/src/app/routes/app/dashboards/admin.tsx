import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { PendingAccounts } from '@/features/accounts/components/pending-accounts';
import { RecentAccounts } from '@/features/accounts/components/recent-accounts';
import { BooksCounter } from '@/features/library/components/library-stats';
import { AccountCounters } from '@/features/stats/components/account-counters';
import { displayName, useAuth } from '@/lib/auth';

export default function AdminDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Admin Dashboard" />
      <AccountCounters />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <BooksCounter />
        <div className="xl:col-span-2">
          <ModuleNotice module="placement">The open-jobs counter will appear when the placement module lands.</ModuleNotice>
        </div>
      </div>
      <PendingAccounts />
      <RecentAccounts />
    </section>
  );
}
