import { lazy } from 'react';
import { ChartCard } from '@/components/charts/chart-card';
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
  return (
    <ChartCard
      id="marks-overview-title"
      title={T.overviewTitle}
      query={performance}
      error={T.marksFailed}
      empty={T.noMarksYet}
      rowsOf={(d) => d.bySubject.map((r) => ({ key: r.subject, label: r.subject, value: r.avgMarks }))}
      columns={[T.subjectColumn, T.averageColumn]}
      chart={(rows) => <MarksDoughnutChart labels={rows.map((r) => r.label)} values={rows.map((r) => r.value)} dark={resolved === 'dark'} label={T.chartLabel} />}
      footer={performance.data && performance.data.bySubject.length > 0 ? <p className="text-sm font-medium">{T.averageMarks(performance.data.averageMarks)}</p> : null}
    />
  );
}
