import { Link } from 'react-router';
import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useLibrarySummary } from '@/features/library/api/get-summary';
import { displayName, useAuth } from '@/lib/auth';

/** 'n books issued' (spec: the Library card). */
export function issuedText(n: number): string {
  return `${n} ${n === 1 ? 'book' : 'books'} issued`;
}

export default function StudentDashboardRoute() {
  const { user } = useAuth();
  const summary = useLibrarySummary();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Student Dashboard" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Library"
          value={summary.data ? issuedText(summary.data.activeLoans) : summary.isError ? '—' : ''}
          loading={summary.isPending}
          hint={
            <Link to={paths.studentLibrary} className="text-primary underline-offset-4 hover:underline">
              {summary.data && summary.data.overdueLoans > 0 ? `${summary.data.overdueLoans} overdue · view my loans` : 'View my loans'}
            </Link>
          }
        />
      </div>
      <ModuleNotice module="attendance and marks">Your attendance and CGPA will appear here when the attendance and marks modules land.</ModuleNotice>
    </section>
  );
}
