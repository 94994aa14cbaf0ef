import { TriangleAlert } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { useAttendanceOf } from '../api/get-student-attendance';
import { ACADEMICS_TEXT as T } from '../texts';

/**
 * Student dashboard (spec section 2): the Attendance card with the caller's real percentage, and a
 * warning under the threshold — or, with `student` (account id or student ID), that student's.
 */
export function AttendanceCard({ student }: { student?: string | undefined } = {}) {
  const me = useAttendanceOf(student);
  const overall = me.data?.overall;
  return (
    <StatCard
      label={T.attendanceCard}
      loading={me.isPending}
      value={overall ? (overall.marked > 0 ? `${overall.att.toFixed(1)}%` : '—') : me.isError ? '—' : ''}
      hint={
        me.isError ? (
          T.loadFailed
        ) : overall?.belowThreshold && me.data ? (
          <span role="status" className="inline-flex items-center gap-1 font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            {T.belowWarning(me.data.threshold)}
          </span>
        ) : overall ? (
          overall.marked > 0 ? `${T.attendedOf(overall.attended, overall.marked)} classes attended` : T.nothingMarkedYet
        ) : null
      }
    />
  );
}
