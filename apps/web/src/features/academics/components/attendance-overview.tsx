import { lazy, Suspense } from 'react';
import { canvasAvailable } from '@/components/charts/canvas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useTheme } from '@/lib/theme';
import { useAttendanceSummary } from '../api/get-attendance-summary';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { ACADEMICS_TEXT as T } from '../texts';

// chart.js (~70 kB gzip) is its own chunk: fetched when this card has figures to draw.
const AttendanceBarChart = lazy(() => import('./attendance-bar-chart'));

/**
 * Teacher dashboard (spec section 2): attendance by class as a bar chart on a 0–100 axis, the
 * average below. The same figures are in a table for screen readers, the chart's text alternative.
 */
export function AttendanceOverview() {
  const summary = useAttendanceSummary();
  const { resolved } = useTheme();
  useFailureToast(summary.isError, T.attendanceFailed);
  const rows = summary.data?.byClass ?? [];
  return (
    <Card role="region" aria-labelledby="attendance-overview-title">
      <CardHeader>
        <CardTitle id="attendance-overview-title">{T.attendanceOverview}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
          <Skeleton className="h-64" />
        ) : summary.isError ? (
          <FormError message={T.attendanceFailed} />
        ) : rows.length === 0 ? (
          <EmptyState>{T.noAttendanceYet}</EmptyState>
        ) : (
          <>
            {canvasAvailable() ? (
              <div className="relative h-64">
                <Suspense fallback={<Skeleton className="h-64" />}>
                  <AttendanceBarChart labels={rows.map((r) => r.class)} values={rows.map((r) => r.att)} dark={resolved === 'dark'} label={T.chartLabel} />
                </Suspense>
              </div>
            ) : null}
            {/* A table ignores `width: 1px` and grows to its longest class name, widening a phone's page:
                the hiding box is a div around it, which does clip. */}
            <div className="sr-only">
              <table>
                <caption>{T.attendanceOverview}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.classColumn}</th>
                    <th scope="col">{T.attendanceColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.assignmentId}>
                      <th scope="row">{r.class}</th>
                      <td>{`${r.att.toFixed(1)}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {summary.data ? <p className="text-sm font-medium">{T.averageAttendance(summary.data.averageAttendance)}</p> : null}
      </CardContent>
    </Card>
  );
}
