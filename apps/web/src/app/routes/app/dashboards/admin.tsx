import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PendingUsers } from '@/features/users/components/pending-users';
import { RecentUsers } from '@/features/users/components/recent-users';
import { BooksCounter } from '@/features/library/components/library-stats';
import { UserCounters, OpenJobsCounter } from '@/features/analytics/components/user-counters';
import { displayName, useAuth } from '@/lib/auth';

export default function AdminDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Admin Dashboard" />
      <UserCounters />
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
      <PendingUsers />
      <RecentUsers />
    </section>
  );
}
