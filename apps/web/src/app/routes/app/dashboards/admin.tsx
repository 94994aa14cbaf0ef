import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PendingAccounts } from '@/features/accounts/components/pending-accounts';
import { RecentAccounts } from '@/features/accounts/components/recent-accounts';
import { BooksCounter } from '@/features/library/components/library-stats';
import { AccountCounters, OpenJobsCounter } from '@/features/stats/components/account-counters';
import { displayName, useAuth } from '@/lib/auth';

export default function AdminDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Admin Dashboard" />
      <AccountCounters />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <BooksCounter />
        <OpenJobsCounter
          hint={
            <Link to={paths.placementCell} className="text-primary underline-offset-4 hover:underline">
              Manage drives
            </Link>
          }
        />
      </div>
      <PendingAccounts />
      <RecentAccounts />
    </section>
  );
}
