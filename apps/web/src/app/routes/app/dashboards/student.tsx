import { Bell, CalendarDays, IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { AttendanceCard } from '@/features/academics/components/attendance-card';
import { useLibrarySummary } from '@/features/library/api/get-summary';
import { usePlacementDeadlines } from '@/features/placement/hooks/use-placement-deadlines';
import { formatDay } from '@/lib/format-day';
import { displayName, useAuth } from '@/lib/auth';

/** 'n books issued' (spec: the Library card). */
export function issuedText(n: number): string {
  return `${n} ${n === 1 ? 'book' : 'books'} issued`;
}

/** Spec section 2: the student dashboard's quick actions. */
const QUICK_ACTIONS = [
  { label: 'View Timetable', to: paths.studentTimetable, icon: CalendarDays },
  { label: 'Download ID Card', to: paths.studentIdCard, icon: IdCard },
  { label: 'Check Notices', to: paths.studentNotices, icon: Bell },
] as const;

export default function StudentDashboardRoute() {
  const { user } = useAuth();
  const summary = useLibrarySummary();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Student Dashboard" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <AttendanceCard />
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
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-3">
            {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-md border p-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <UpcomingDeadlines />
      <ModuleNotice module="marks">Your CGPA will appear here when the marks module lands.</ModuleNotice>
    </section>
  );
}

/** Upcoming deadlines: placement drives the student can still apply to (exams and library dues join this list elsewhere). */
function UpcomingDeadlines() {
  const placement = usePlacementDeadlines();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upcoming Deadlines</CardTitle>
      </CardHeader>
      <CardContent>
        {placement.isPending ? null : placement.deadlines.length === 0 ? (
          <p className="text-sm text-muted-foreground">No upcoming deadlines.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Upcoming deadlines">
            {placement.deadlines.slice(0, 5).map((d) => (
              <li key={d.id} className="flex flex-wrap justify-between gap-2">
                <Link to={paths.studentPlacement} className="text-primary underline-offset-4 hover:underline">
                  {d.label}
                </Link>
                <span className="text-muted-foreground">{formatDay(d.date)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
