import { lazy, Suspense } from 'react';
import { canvasAvailable } from '@/components/charts/canvas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { useTheme } from '@/lib/theme';
import { usePerformance } from '../api/get-performance';
import { ASSESSMENT_TEXT as T } from '../texts';

// chart.js is its own chunk: fetched when this card has figures to draw.
const MarksDoughnutChart = lazy(() => import('./marks-doughnut-chart'));

/**
 * Teacher dashboard (spec section 2): average marks by subject as a doughnut, the average below,
 * from GET /analytics/performance. The same figures are in a table for screen readers, the
 * chart's text alternative.
 */
export function MarksOverview() {
  const performance = usePerformance();
  const { resolved } = useTheme();
  useFailureToast(performance.isError, T.marksFailed);
  const rows = performance.data?.bySubject ?? [];
  return (
    <Card role="region" aria-labelledby="marks-overview-title">
      <CardHeader>
        <CardTitle id="marks-overview-title">{T.overviewTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {performance.isPending ? (
          <Skeleton className="h-64" />
        ) : performance.isError ? (
          <FormError message={T.marksFailed} />
        ) : rows.length === 0 ? (
          <EmptyState>{T.noMarksYet}</EmptyState>
        ) : (
          <>
            {canvasAvailable() ? (
              // chart.js follows this box's size a frame late; clipping keeps a canvas still sized for a wider
              // layout from widening a phone's page meanwhile.
              <div className="relative h-64 min-w-0 overflow-hidden">
                <Suspense fallback={<Skeleton className="h-64" />}>
                  <MarksDoughnutChart labels={rows.map((r) => r.subject)} values={rows.map((r) => r.avgMarks)} dark={resolved === 'dark'} label={T.chartLabel} />
                </Suspense>
              </div>
            ) : null}
            {/* Hidden by a div: a table ignores width 1px and would widen a phone's page (attendance-overview). */}
            <div className="sr-only">
              <table>
                <caption>{T.overviewTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.subjectColumn}</th>
                    <th scope="col">{T.averageColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.subject}>
                      <th scope="row">{r.subject}</th>
                      <td>{`${r.avgMarks.toFixed(1)}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {performance.data && rows.length > 0 ? <p className="text-sm font-medium">{T.averageMarks(performance.data.averageMarks)}</p> : null}
      </CardContent>
    </Card>
  );
}
