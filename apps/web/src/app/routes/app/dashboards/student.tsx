import { ArrowLeft, Bell, CalendarDays, IdCard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ADMINS, hasAnyRole } from '@crs/shared/roles';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DeadlineList, type Deadline } from '@/components/ui/deadline-list';
import { QuickActionsCard } from '@/components/ui/quick-actions';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { StudentPicker } from '@/features/users/components/student-picker';
import { StudentGuardiansCard } from '@/features/guardians/components/student-guardians-card';
import { useAttendanceOf } from '@/features/academics/api/get-student-attendance';
import { AttendanceCard } from '@/features/academics/components/attendance-card';
import { DocsGrid } from '@/features/docs/components/docs-grid';
import { DOCS_TEXT } from '@/features/docs/texts';
import { LOANS_MAX_PAGE_SIZE } from '@/features/library/api/get-loans';
import { useLoansOf } from '@/features/library/api/get-student-loans';
import { useLibrarySummaryOf } from '@/features/library/api/get-student-summary';
import { usePlacementDeadlines } from '@/features/placement/hooks/use-placement-deadlines';
import { useUpcomingExamsOf } from '@/features/results/api/get-student-upcoming-exams';
import { examDeadlines } from '@/features/results/components/exam-deadlines';
import { CgpaCard } from '@/features/results/components/cgpa-card';
import { UpcomingCard } from '@/features/calendar/components/upcoming-card';
import { SectionBatch } from '@/features/transcripts/components/section-batch';
import { TranscriptDownloads } from '@/features/transcripts/components/transcript-downloads';
import { serverMessage } from '@/lib/errors';
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

/** An Admin's or SuperAdmin's read-only view of one student's dashboard (issue 25). */
export const STUDENT_VIEW_TEXT = {
  description: 'Student Dashboard', // spec: the page's description, kept in every mode
  viewTitle: (name: string, studentId: string | null) => (studentId ? `${name} (${studentId})` : name),
  readOnly: 'Read-only view',
  loadingTitle: 'Student dashboard',
  changeStudent: 'Choose another student',
  loadFailed: 'This student could not be loaded.',
} as const;

/**
 * The student's upcoming exams (assessment), the due dates of books on loan (library) and the
 * deadlines of placement drives they can still apply to (placement), soonest first. With `student`
 * (an Admin's view) the exams and loans are that student's, read by the student; placement
 * deadlines are the caller's own and so left out.
 */
function UpcomingDeadlines({ student }: { student?: string | undefined }) {
  const exams = useUpcomingExamsOf(student);
  const loans = useLoansOf(student, { status: 'unreturned', pageSize: LOANS_MAX_PAGE_SIZE });
  const placement = usePlacementDeadlines();
  const items: Deadline[] = [
    ...examDeadlines(exams.data, <Badge variant="secondary">{DEADLINES_TEXT.exam}</Badge>),
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

/**
 * The dashboard's cards. Without `student`: the signed-in student's own. With `student` (account id
 * or student ID): that student's figures, read through the by-student endpoints, without the links
 * and actions that only the student may use.
 */
function StudentDashboard({ student }: { student?: string | undefined }) {
  const summary = useLibrarySummaryOf(student);
  const own = student === undefined;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <AttendanceCard student={student} />
        <CgpaCard student={student} />
        <StatCard
          label="Library"
          value={summary.data ? issuedText(summary.data.activeLoans) : summary.isError ? '—' : ''}
          loading={summary.isPending}
          hint={
            own ? (
              <Link to={paths.studentLibrary} className="text-primary underline-offset-4 hover:underline">
                {summary.data && summary.data.overdueLoans > 0 ? `${summary.data.overdueLoans} overdue · view my loans` : 'View my loans'}
              </Link>
            ) : summary.data && summary.data.overdueLoans > 0 ? (
              `${summary.data.overdueLoans} overdue`
            ) : null
          }
        />
      </div>
      {own ? (
        <QuickActionsCard actions={QUICK_ACTIONS} columns={3} />
      ) : null}
      <UpcomingDeadlines student={student} />
      {/* Issue 27: the next holiday and event (the caller's own calendar, so not in an Admin's view). */}
      {own ? <UpcomingCard /> : null}
      {/* The Admin's view of a student (issue 27): their grade cards and transcript, and a section's in one PDF. */}
      {student !== undefined ? (
        <>
          <TranscriptDownloads student={student} own={false} />
          <SectionBatch />
        </>
      ) : null}
      {/* The document repository's read view: the spec's route table has no student page for it (decision 0027). */}
      {own ? (
        <Card>
          <CardHeader>
            <CardTitle>{DOCS_TEXT.readerTitle}</CardTitle>
            <p className="text-sm text-muted-foreground">{DOCS_TEXT.readerDescription}</p>
          </CardHeader>
          <CardContent>
            <DocsGrid headingLevel={3} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

/** `?student=` of an Admin's or SuperAdmin's view: the student's header, then their dashboard. */
function StudentView({ student }: { student: string }) {
  // The attendance answer names the student (name and student ID); the cards share its cache entry.
  const who = useAttendanceOf(student);
  const back = (
    <div className="flex flex-wrap items-center gap-3">
      <Badge variant="secondary">{STUDENT_VIEW_TEXT.readOnly}</Badge>
      <Link to={paths.studentDashboard} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {STUDENT_VIEW_TEXT.changeStudent}
      </Link>
    </div>
  );
  if (who.isError) {
    return (
      <section className="grid gap-6">
        <PageHeader title={STUDENT_VIEW_TEXT.loadingTitle} description={STUDENT_VIEW_TEXT.description}>
          {back}
        </PageHeader>
        <p role="alert" className="text-sm text-destructive">
          {serverMessage(who.error) ?? STUDENT_VIEW_TEXT.loadFailed}
        </p>
      </section>
    );
  }
  return (
    <section className="grid gap-6">
      <PageHeader title={who.data ? STUDENT_VIEW_TEXT.viewTitle(who.data.name, who.data.rollNumber) : STUDENT_VIEW_TEXT.loadingTitle} description={STUDENT_VIEW_TEXT.description}>
        {back}
      </PageHeader>
      <StudentDashboard student={student} />
      {/* Issue 30: the guardians linked to this student; link one by email, unlink. */}
      {who.data ? <StudentGuardiansCard student={student} studentId={who.data.studentId} /> : null}
    </section>
  );
}

/**
 * /dashboard/student (spec: Student, Admin, SuperAdmin). A Student sees their own dashboard. An Admin
 * or SuperAdmin has none of their own: they choose a student (`?student=STU…`, the student ID as on
 * ID cards) and see that student's dashboard, read-only — never a call to a student-only endpoint.
 */
export default function StudentDashboardRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const viewer = user ? hasAnyRole(user.roles, ADMINS) : false;
  const chosen = params.get('student')?.trim();
  if (viewer && chosen) return <StudentView key={chosen} student={chosen} />;
  if (user?.roles.includes('Student')) {
    return (
      <section className="grid gap-6">
        <PageHeader title={`Welcome, ${displayName(user)}`} description={STUDENT_VIEW_TEXT.description} />
        <StudentDashboard />
      </section>
    );
  }
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description={STUDENT_VIEW_TEXT.description} />
      <StudentPicker hrefOf={(s) => `${paths.studentDashboard}?student=${encodeURIComponent(s.studentId ?? s._id)}`} />
    </section>
  );
}
