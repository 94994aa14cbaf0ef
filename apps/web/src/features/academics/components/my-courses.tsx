import { Badge } from '@/components/ui/badge';
import { CardTable, type Column } from '@/components/ui/data-table';
import { useMyAttendance } from '../api/get-my-attendance';
import { useMyCourses } from '../api/get-my-courses';
import type { MyCourse, SubjectAttendance } from '../api/types';
import { ACADEMICS_TEXT as T } from '../texts';

type Row = MyCourse & { attendance: SubjectAttendance | undefined; threshold: number };

/** The attendance of one course: percent, attended of marked, and a badge under the threshold (not colour alone). */
function AttendanceCell({ row }: { row: Row }) {
  const a = row.attendance;
  if (!a || a.marked === 0) return <span className="text-muted-foreground">{T.nothingMarkedYet}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={a.belowThreshold ? 'font-semibold text-destructive' : 'font-medium'}>{`${a.att.toFixed(1)}%`}</span>
      <span className="text-xs text-muted-foreground">({T.attendedOf(a.attended, a.marked)})</span>
      {a.belowThreshold ? <Badge variant="warning">{T.belowThreshold(row.threshold)}</Badge> : null}
    </span>
  );
}

const COLUMNS: readonly Column<Row>[] = [
  { key: 'code', header: T.code, cell: (c) => <span className="font-mono">{c.code}</span> },
  { key: 'name', header: T.subject, cell: (c) => c.name },
  { key: 'teacher', header: T.teacher, cell: (c) => c.teacher },
  { key: 'credits', header: T.credits, cell: (c) => c.credits },
  { key: 'attendance', header: T.attendanceColumn, cell: (c) => <AttendanceCell row={c} /> },
];

/** My Courses (Student): each subject of the caller's section with its teacher, credits and the caller's attendance in it. */
export function MyCoursesTable() {
  const courses = useMyCourses();
  const attendance = useMyAttendance();
  const bySubject = new Map((attendance.data?.bySubject ?? []).map((s) => [s.assignmentId, s]));
  const threshold = attendance.data?.threshold ?? 75;
  const rows = courses.data?.courses.map((c) => ({ ...c, attendance: bySubject.get(c.assignmentId), threshold }));
  return (
    <CardTable
      caption={T.myCourses}
      columns={COLUMNS}
      rows={rows}
      rowKey={(c) => c.assignmentId}
      loading={courses.isPending || attendance.isPending}
      error={courses.isError || attendance.isError ? T.loadFailed : null}
      empty={T.noCourses}
      skeletonRows={5}
      rowProps={(c) => ({ 'data-testid': `course-${c.code}` })}
    />
  );
}
