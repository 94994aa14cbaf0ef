import { useId } from 'react';
import { Link } from 'react-router';
import type { CalendarItem } from '@crs/shared/schemas/calendar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useUpcoming } from '../api/calendar';
import { CALENDAR_TEXT as T } from '../texts';
import { TYPE_STYLE, whenText } from './item-visual';

function Next({ label, item, none }: { label: string; item: CalendarItem | null; none: string }) {
  const Icon = item ? TYPE_STYLE[item.type].icon : null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {item && Icon ? (
        <dd className="flex min-w-0 items-start gap-2">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">
            <span className="block font-medium break-words">{item.title}</span>
            <span className="block text-sm text-muted-foreground">{whenText(item)}</span>
          </span>
        </dd>
      ) : (
        <dd className="text-sm">{none}</dd>
      )}
    </div>
  );
}

/** The student's and teacher's dashboards: the next holiday and the next event that concern them (GET /calendar/upcoming). */
export function UpcomingCard() {
  const upcoming = useUpcoming();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>{T.upcomingTitle}</CardTitle>
        <Link to={paths.calendar} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {T.openCalendar}
        </Link>
      </CardHeader>
      <CardContent>
        <QueryState query={upcoming} error={T.upcomingFailed} skeletons={['h-12', 'h-12']}>
          {(data) => (
            <dl className="grid gap-4 sm:grid-cols-2">
              <Next label={T.nextHoliday} item={data.nextHoliday} none={T.noHoliday} />
              <Next label={T.nextEvent} item={data.nextEvent} none={T.noEvent} />
            </dl>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
