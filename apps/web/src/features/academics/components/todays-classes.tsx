import { Link } from 'react-router';
import { Clock, MapPin } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { RegionCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useTodaysClasses } from '../api/get-todays-classes';
import type { ClassTiming, DayClass } from '../api/types';
import { ACADEMICS_TEXT as T } from '../texts';

const TIMING_BADGE: Record<ClassTiming, BadgeVariant | null> = { done: 'outline', now: 'default', next: 'secondary', later: null };

/** The attendance page opened on this class of `date` (its URL keeps the date and the class). */
const attendanceHref = (date: string, c: DayClass) => `${paths.teacherAttendance}?${new URLSearchParams({ date, class: `${c.assignmentId}@${c.start}` })}`;

/**
 * Teacher dashboard (spec section 2, issue 25): the caller's whole day from the server — classes
 * already held (attendance taken or not, with a link to take it), the running one and the next one
 * marked, the rest of the day after them. A class on its section's holiday (issue 27) is shown as
 * not held: the holiday instead of a class to mark.
 */
export function TodaysClasses() {
  const day = useTodaysClasses();
  return (
    <RegionCard title={T.todaysClasses}>
      <QueryState query={day} error={T.upcomingFailed} toast empty={T.noUpcoming} isEmpty={(d) => d.classes.length === 0}>
        {({ date, classes }) => (
          <ul className="grid gap-2">
            {classes.map((c) => {
              const badge = c.holiday ? null : TIMING_BADGE[c.timing];
              const held = !c.holiday && (c.timing === 'done' || c.timing === 'now');
              return (
                <li
                  key={`${c.assignmentId}-${c.start}`}
                  data-testid={`today-${c.subjectCode}-${c.start}`}
                  aria-current={c.timing === 'now' ? 'time' : undefined}
                  className={cn('grid gap-2 rounded-md border p-3 text-sm', (c.timing === 'done' || c.holiday) && 'bg-muted/40', (c.timing === 'now' || c.timing === 'next') && 'border-primary')}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-medium">{c.subjectName}</p>
                      <p className="text-muted-foreground">{c.section}</p>
                    </div>
                    <div className="grid justify-items-end gap-1 text-muted-foreground">
                      <span className="inline-flex items-center gap-1 tabular-nums">
                        <Clock aria-hidden="true" className="size-4" />
                        {c.end ? `${c.start} - ${c.end}` : c.start}
                      </span>
                      {c.room ? (
                        <span className="inline-flex items-center gap-1">
                          <MapPin aria-hidden="true" className="size-4" />
                          {c.room}
                        </span>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {badge ? <Badge variant={badge}>{T.timingLabels[c.timing]}</Badge> : null}
                    {c.extra ? <Badge variant="outline">{T.extraClass}</Badge> : null}
                    {c.holiday ? <Badge variant="outline">{T.classOnHoliday(c.holiday)}</Badge> : null}
                    {c.sessionId ? <Badge variant="success">{T.attendanceTaken}</Badge> : held ? <Badge variant="warning">{T.attendanceNotTaken}</Badge> : null}
                    {c.holiday ? null : (
                      <Link
                        to={attendanceHref(date, c)}
                        aria-label={`${c.sessionId ? T.openAttendance : T.takeAttendance} ${c.label} ${c.start}`}
                        className="ml-auto font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {c.sessionId ? T.openAttendance : T.takeAttendance}
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </RegionCard>
  );
}
