import { Clock, MapPin } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpcomingClasses } from '../api/get-upcoming-classes';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { ACADEMICS_TEXT as T } from '../texts';

/** Teacher dashboard (spec section 2): the caller's classes for the rest of today, from the timetable on the server. */
export function TodaysClasses() {
  const upcoming = useUpcomingClasses();
  useFailureToast(upcoming.isError, T.upcomingFailed);
  const classes = upcoming.data?.classes ?? [];
  return (
    <Card role="region" aria-labelledby="todays-classes-title">
      <CardHeader>
        <CardTitle id="todays-classes-title">{T.todaysClasses}</CardTitle>
      </CardHeader>
      <CardContent>
        {upcoming.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : upcoming.isError ? (
          <FormError message={T.upcomingFailed} />
        ) : classes.length === 0 ? (
          <EmptyState>{T.noUpcoming}</EmptyState>
        ) : (
          <ul className="grid gap-2">
            {classes.map((c) => (
              <li key={`${c.assignmentId}-${c.start}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                <div>
                  <p className="font-medium">{c.subject}</p>
                  <p className="text-muted-foreground">{c.section}</p>
                </div>
                <div className="grid justify-items-end gap-1 text-muted-foreground">
                  <span className="inline-flex items-center gap-1 tabular-nums">
                    <Clock aria-hidden="true" className="size-4" />
                    {c.time}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-4" />
                    {c.room}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
