import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { RegionCard } from '@/components/ui/card';
import { ColumnHeads } from '@/components/ui/column-heads';
import { EmptyState } from '@/components/ui/form-error';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useMyAttendance } from '../api/get-my-attendance';
import { useSubjectAttendance } from '../api/get-subject-attendance';
import type { AttendanceStatus, SubjectAttendance, SubjectAttendanceDetail } from '../api/types';
import { ACADEMICS_TEXT as T } from '../texts';

const STATUS_BADGE: Record<AttendanceStatus, BadgeVariant> = { present: 'success', late: 'warning', absent: 'destructive', excused: 'secondary' };

/** The sessions of one subject, newest first: date, time and the student's status (fetched when opened). */
function SessionList({ assignmentId, studentId, label }: { assignmentId: string; studentId: string | undefined; label: string }) {
  const detail = useSubjectAttendance(assignmentId, { studentId, enabled: true });
  return (
    <QueryState query={detail} error={T.loadFailed} skeletons={['h-24']} loadingLabel={`${label}: loading`} empty={T.noSessionsYet} isEmpty={(d) => d.sessions.length === 0}>
      {({ sessions }) => <SessionsTable sessions={sessions} label={label} />}
    </QueryState>
  );
}

function SessionsTable({ sessions, label }: { sessions: SubjectAttendanceDetail['sessions']; label: string }) {
  const absent = sessions.filter((s) => s.status === 'absent').length;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{T.sessionsSummary(sessions.length, absent)}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{T.sessionsOf(label)}</caption>
          <ColumnHeads rowClassName="border-b text-left text-muted-foreground" labels={[T.date, T.time, T.status]} cellClassName="py-2 pr-4 font-medium" lastClassName="py-2 font-medium" />
          <tbody>
            {sessions.map((s) => (
              <tr key={s.sessionId} className={cn('border-b last:border-0', s.status === 'absent' && 'bg-red-50 dark:bg-red-950/30')}>
                <td className="py-2 pr-4 whitespace-nowrap">{formatDate(s.date)}</td>
                <td className="py-2 pr-4 whitespace-nowrap tabular-nums">
                  {s.end ? `${s.start}–${s.end}` : s.start}
                  {s.extra ? <span className="ml-2 text-xs text-muted-foreground">({T.extraClass})</span> : null}
                </td>
                <td className="py-2">{s.status ? <Badge variant={STATUS_BADGE[s.status]}>{T.statusLabels[s.status]}</Badge> : <span className="text-muted-foreground">{T.notMarkedYou}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One subject: its figures on a button that opens (and closes) its sessions. */
function SubjectItem({ subject: s, studentId, threshold }: { subject: SubjectAttendance; studentId: string | undefined; threshold: number }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const label = `${s.subjectCode} ${s.subjectName}`;
  return (
    <li className="rounded-md border" data-testid={`subject-attendance-${s.subjectCode}`}>
      <h3 className="m-0">
        <button type="button" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)} className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 p-3 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
          <span className="font-mono">{s.subjectCode}</span>
          <span className="font-medium">{s.subjectName}</span>
          <span className="ml-auto inline-flex items-center gap-2">
            {s.marked > 0 ? (
              <>
                {/* Under the threshold says so in the badge; no red text on the hovered button (contrast in the dark theme). */}
                <span className={s.belowThreshold ? 'font-semibold' : 'font-medium'}>{`${s.att.toFixed(1)}%`}</span>
                <span className="text-xs text-muted-foreground">({T.attendedOf(s.attended, s.marked)})</span>
              </>
            ) : (
              <span className="text-muted-foreground">{T.nothingMarkedYet}</span>
            )}
            {s.belowThreshold ? <Badge variant="warning">{T.belowThreshold(threshold)}</Badge> : null}
          </span>
        </button>
      </h3>
      <div id={panel} hidden={!open} className="border-t p-3">
        {open ? <SessionList assignmentId={s.assignmentId} studentId={studentId} label={label} /> : null}
      </div>
    </li>
  );
}

/**
 * Attendance by subject (issue 25 item 4): each subject expands to its sessions with date, time and
 * status, so a student sees the days they were marked absent. `studentId` reads another student
 * (those who may: their teachers, Admin, SuperAdmin); without it, the caller's own.
 */
export function SubjectAttendanceList({ subjects, threshold, studentId }: { subjects: readonly SubjectAttendance[]; threshold: number; studentId?: string }) {
  if (subjects.length === 0) return <EmptyState>{T.noCourses}</EmptyState>;
  return (
    <ul className="grid gap-2">
      {subjects.map((s) => (
        <SubjectItem key={s.assignmentId} subject={s} studentId={studentId} threshold={threshold} />
      ))}
    </ul>
  );
}

/** The signed-in student's Attendance by subject card (My Courses). */
export function MyAttendanceBySubject() {
  const me = useMyAttendance();
  return (
    <RegionCard title={T.attendanceBySubject} description={T.attendanceBySubjectIntro}>
      <QueryState query={me} error={T.loadFailed} skeletons={['h-32']} loadingLabel={`${T.attendanceBySubject}: loading`}>
        {(data) => <SubjectAttendanceList subjects={data.bySubject} threshold={data.threshold} />}
      </QueryState>
    </RegionCard>
  );
}
