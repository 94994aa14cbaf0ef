import { WEEKDAY_NAMES } from '@crs/shared/constants/academics';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { cn, compareText } from '@/lib/utils';
import { CalendarOff } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { useTimetableOf } from '../api/get-student-timetable';
import { holidayOn, useWeekHolidays, weekDates } from '../api/get-week-holidays';
import type { MyTimetable, TimetableSlot } from '../api/types';
import { ACADEMICS_TEXT as T } from '../texts';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The caller's week (a student's sections, a teacher's own classes): one card per weekday, today's
 * first marked; cards stack on a phone and sit side by side on a wide screen. Saturday and Sunday
 * show only when they have classes or are today (a free Sunday then says so). A day of this week
 * that is a holiday (the calendar, issue 27) shows the holiday instead of its classes. With
 * `student`, that student's week (a guardian's view, issue 30).
 */
export function WeeklyTimetable({ student }: { student?: string | undefined } = {}) {
  const week = useTimetableOf(student);
  return (
    <QueryState query={week} error={T.loadFailed} skeletons={['h-96']} loadingLabel={`${T.timetable}: loading`}>
      {(data) => <Week week={data} />}
    </QueryState>
  );
}

function Week({ week }: { week: MyTimetable }) {
  const byDay = new Map<number, TimetableSlot[]>();
  for (const s of week.slots) byDay.set(s.weekday, [...(byDay.get(s.weekday) ?? []), s]);
  const days = DAYS.filter((d) => d <= 5 || byDay.has(d) || d === week.today);
  const dates = weekDates(week.date, week.today);
  // Without the holidays (not loaded, or failed) the week shows its classes as before.
  const holidays = useWeekHolidays(dates[1], dates[7]);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {days.map((d) => {
        const slots = (byDay.get(d) ?? []).sort((a, b) => compareText(a.start, b.start));
        const today = d === week.today;
        const holiday = holidayOn(holidays.data, dates[d]!);
        return (
          <Card key={d} role="region" aria-labelledby={`day-${d}`} className={cn(today && 'border-primary ring-1 ring-primary')}>
            <CardHeader className="pb-2">
              <CardTitle id={`day-${d}`} className="flex items-center gap-2 text-base">
                {WEEKDAY_NAMES[d]}
                {today ? <Badge variant="default">{T.today}</Badge> : null}
                {holiday ? <Badge variant="success">{T.holiday}</Badge> : null}
              </CardTitle>
              <p className="text-sm text-muted-foreground">{formatDate(dates[d])}</p>
            </CardHeader>
            <CardContent>
              {holiday ? (
                <p className="flex items-center gap-2 text-sm" data-testid={`holiday-${d}`}>
                  <CalendarOff aria-hidden="true" className="size-4 shrink-0" />
                  {T.holidayNoClasses(holiday.title)}
                </p>
              ) : slots.length === 0 ? (
                <p className="text-sm text-muted-foreground">{T.noClassesThatDay}</p>
              ) : (
                <ol className="grid gap-2">
                  {slots.map((s) => (
                    <li key={s._id} className="grid grid-cols-[auto_1fr] gap-x-3 rounded-md border p-2 text-sm">
                      <span className="row-span-2 font-medium tabular-nums">
                        {s.start}–{s.end}
                      </span>
                      <span className="font-medium">{s.subjectName}</span>
                      <span className="text-muted-foreground">
                        {s.subjectCode} · {s.section} · {T.room} {s.room} · {s.teacher}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
