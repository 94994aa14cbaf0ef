import { GUARDIANS_MSG as M } from '@crs/shared/messages/guardians';
import type { Child } from '@crs/shared/schemas/guardians';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DeadlineList, type Deadline } from '@/components/ui/deadline-list';
import { QueryState } from '@/components/ui/query-state';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAttendanceOf } from '@/features/academics/api/get-student-attendance';
import { AttendanceCard } from '@/features/academics/components/attendance-card';
import { SubjectAttendanceList } from '@/features/academics/components/subject-attendance';
import { WeeklyTimetable } from '@/features/academics/components/weekly-timetable';
import { useMyChildren } from '@/features/guardians/api/children';
import { LinkChildForm } from '@/features/guardians/components/link-child-form';
import { formatRupees } from '@/features/library/format';
import { LOANS_MAX_PAGE_SIZE } from '@/features/library/api/get-loans';
import { useLoansOf } from '@/features/library/api/get-student-loans';
import { useLibrarySummaryOf } from '@/features/library/api/get-student-summary';
import { StudentNoticeList } from '@/features/notices/components/notice-list';
import { useUpcomingExamsOf } from '@/features/results/api/get-student-upcoming-exams';
import { examDeadlines } from '@/features/results/components/exam-deadlines';
import { CgpaCard } from '@/features/results/components/cgpa-card';
import { displayName, useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';

/** Headings of the guardian's view of a child (screens only; the messages are packages/shared's). */
const TEXT = {
  attendance: 'Attendance by subject',
  attendanceHint: 'Open a subject to see each class and the days marked absent.',
  upcoming: 'Upcoming exams and library loans',
  upcomingEmpty: 'No upcoming exams or books on loan.',
  timetable: 'Timetable',
  notices: 'Notices',
  library: 'Library',
  loanDue: 'Book due',
  overdue: 'Overdue',
  exam: 'Exam',
  fine: (rupees: number) => `Fine ${formatRupees(rupees)}`,
  booksOnLoan: (n: number) => `${n} ${n === 1 ? 'book' : 'books'} on loan`,
  loadFailed: 'Some of this could not be loaded.',
} as const;

function Upcoming({ child }: { child: string }) {
  const exams = useUpcomingExamsOf(child);
  const loans = useLoansOf(child, { status: 'unreturned', pageSize: LOANS_MAX_PAGE_SIZE });
  const items: Deadline[] = [
    ...examDeadlines(exams.data, <Badge variant="secondary">{TEXT.exam}</Badge>),
    ...(loans.data?.loans ?? []).map((l) => ({
      key: `loan-${l._id}`,
      at: Date.parse(l.dueOn),
      when: formatDate(l.dueOn),
      title: l.book.title,
      detail: l.fineAccrued > 0 ? TEXT.fine(l.fineAccrued) : l.book.authors.join(', '),
      tag: l.status === 'overdue' ? <Badge variant="destructive">{TEXT.overdue}</Badge> : <Badge variant="outline">{TEXT.loanDue}</Badge>,
    })),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXT.upcoming}</CardTitle>
      </CardHeader>
      <CardContent>
        <DeadlineList items={items} loading={exams.isPending || loans.isPending} empty={TEXT.upcomingEmpty} label={TEXT.upcoming} />
        {exams.isError || loans.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {TEXT.loadFailed}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One child, read-only: the student endpoints answer the guardian as they answer an Admin. */
function ChildView({ child }: { child: Child }) {
  const attendance = useAttendanceOf(child._id);
  const summary = useLibrarySummaryOf(child._id);
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <AttendanceCard student={child._id} />
        <CgpaCard student={child._id} />
        <StatCard
          label={TEXT.library}
          value={summary.data ? TEXT.booksOnLoan(summary.data.activeLoans) : summary.isError ? '—' : ''}
          loading={summary.isPending}
          hint={summary.data && summary.data.overdueLoans > 0 ? `${summary.data.overdueLoans} overdue` : null}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{TEXT.attendance}</CardTitle>
          <p className="text-sm text-muted-foreground">{TEXT.attendanceHint}</p>
        </CardHeader>
        <CardContent>
          <QueryState query={attendance} error={TEXT.loadFailed} skeletons={['h-24']} isEmpty={(d) => d.bySubject.length === 0} empty="—">
            {(data) => <SubjectAttendanceList subjects={data.bySubject} threshold={data.threshold} studentId={child._id} />}
          </QueryState>
        </CardContent>
      </Card>
      <Upcoming child={child._id} />
      <section className="grid gap-3" aria-label={TEXT.timetable}>
        <h2 className="text-lg font-semibold">{TEXT.timetable}</h2>
        <WeeklyTimetable student={child._id} />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>{TEXT.notices}</CardTitle>
        </CardHeader>
        <CardContent>
          <StudentNoticeList student={child._id} limit={5} />
        </CardContent>
      </Card>
    </div>
  );
}

const childLabel = (c: Child) => (c.studentId ? `${c.name} (${c.studentId})` : c.name);

/**
 * /dashboard/guardian (issue 30): each linked child's attendance (per subject, with the days absent),
 * results and CGPA, upcoming exams, library loans and fines, timetable and notices — one tab per child
 * when there are several — and a form to link another child with their code.
 */
export default function GuardianDashboardRoute() {
  const { user } = useAuth();
  const children = useMyChildren();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description={M.guardianDashboardTitle} />
      <QueryState query={children} error={TEXT.loadFailed} skeletons={['h-32']} isEmpty={(d) => d.children.length === 0} empty={M.guardianNoChildren}>
        {(data) =>
          data.children.length === 1 ? (
            <section className="grid gap-4" aria-label={childLabel(data.children[0]!)}>
              <h2 className="text-xl font-semibold">{childLabel(data.children[0]!)}</h2>
              <ChildView child={data.children[0]!} />
            </section>
          ) : (
            <Tabs defaultValue={data.children[0]!._id}>
              <TabsList className="h-auto flex-wrap">
                {data.children.map((c) => (
                  <TabsTrigger key={c._id} value={c._id}>
                    {childLabel(c)}
                  </TabsTrigger>
                ))}
              </TabsList>
              {data.children.map((c) => (
                <TabsContent key={c._id} value={c._id}>
                  <ChildView child={c} />
                </TabsContent>
              ))}
            </Tabs>
          )
        }
      </QueryState>
      <Card>
        <CardHeader>
          <CardTitle>{M.guardianLinkChild}</CardTitle>
        </CardHeader>
        <CardContent>
          <LinkChildForm />
        </CardContent>
      </Card>
    </section>
  );
}
