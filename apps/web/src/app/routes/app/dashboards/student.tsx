import { Bell, CalendarDays, IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { EXAM_KIND_LABELS } from '@crs/shared/constants/assessment';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DeadlineList, type Deadline } from '@/components/ui/deadline-list';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { AttendanceCard } from '@/features/academics/components/attendance-card';
import { DocsGrid } from '@/features/docs/components/docs-grid';
import { DOCS_TEXT } from '@/features/docs/texts';
import { LOANS_MAX_PAGE_SIZE, useLoans } from '@/features/library/api/get-loans';
import { useLibrarySummary } from '@/features/library/api/get-summary';
import { usePlacementDeadlines } from '@/features/placement/hooks/use-placement-deadlines';
import { useUpcomingExams } from '@/features/results/api/get-upcoming-exams';
import { CgpaCard } from '@/features/results/components/cgpa-card';
import { displayName, useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';

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

export const DEADLINES_TEXT = {
  title: 'Upcoming Deadlines',
  empty: 'No upcoming exams, library due dates or placement deadlines.',
  failed: 'Some deadlines could not be loaded.',
  exam: 'Exam',
  placement: 'Placement',
  bookDue: 'Book due',
  overdue: 'Overdue',
  returnBook: (title: string) => `Return “${title}”`,
} as const;

/**
 * The student's upcoming exams (assessment), the due dates of books on loan (library) and the
 * deadlines of placement drives they can still apply to (placement), soonest first.
 */
function UpcomingDeadlines() {
  const exams = useUpcomingExams();
  const loans = useLoans({ status: 'unreturned', pageSize: LOANS_MAX_PAGE_SIZE });
  const placement = usePlacementDeadlines();
  const items: Deadline[] = [
    ...(exams.data ?? []).map((e) => ({
      key: `exam-${e._id}`,
      at: Date.parse(`${e.date}T00:00:00`),
      when: formatDate(e.date),
      title: `${e.subjectCode} · ${e.name}`,
      detail: `${e.subjectName} · ${EXAM_KIND_LABELS[e.kind]} · ${e.maxMarks} marks`,
      tag: <Badge variant="secondary">{DEADLINES_TEXT.exam}</Badge>,
    })),
    ...(loans.data?.loans ?? []).map((l) => ({
      key: `loan-${l._id}`,
      at: Date.parse(l.dueOn),
      when: formatDate(l.dueOn),
      title: DEADLINES_TEXT.returnBook(l.book.title),
      detail: l.book.authors.join(', '),
      tag: l.status === 'overdue' ? <Badge variant="destructive">{DEADLINES_TEXT.overdue}</Badge> : <Badge variant="outline">{DEADLINES_TEXT.bookDue}</Badge>,
    })),
    ...placement.deadlines.map((d) => ({
      key: `job-${d.id}`,
      at: Date.parse(`${d.date}T00:00:00`),
      when: formatDate(d.date),
      title: (
        <Link to={paths.studentPlacement} className="text-primary underline-offset-4 hover:underline">
          {d.label}
        </Link>
      ),
      tag: <Badge variant="outline">{DEADLINES_TEXT.placement}</Badge>,
    })),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{DEADLINES_TEXT.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <DeadlineList items={items} loading={exams.isPending || loans.isPending || placement.isPending} empty={DEADLINES_TEXT.empty} label={DEADLINES_TEXT.title} />
        {exams.isError || loans.isError || placement.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {DEADLINES_TEXT.failed}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default function StudentDashboardRoute() {
  const { user } = useAuth();
  const summary = useLibrarySummary();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Student Dashboard" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <AttendanceCard />
        <CgpaCard />
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
      {/* The document repository's read view: the spec's route table has no student page for it (decision 0027). */}
      <Card>
        <CardHeader>
          <CardTitle>{DOCS_TEXT.readerTitle}</CardTitle>
          <p className="text-sm text-muted-foreground">{DOCS_TEXT.readerDescription}</p>
        </CardHeader>
        <CardContent>
          <DocsGrid headingLevel={3} />
        </CardContent>
      </Card>
    </section>
  );
}
