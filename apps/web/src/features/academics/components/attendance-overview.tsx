import { lazy } from 'react';
import { ChartCard } from '@/components/charts/chart-card';
import { useTheme } from '@/lib/theme';
import { useAttendanceSummary } from '../api/get-attendance-summary';
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
  return (
    <ChartCard
      id="attendance-overview-title"
      title={T.attendanceOverview}
      query={summary}
      error={T.attendanceFailed}
      empty={T.noAttendanceYet}
      rowsOf={(d) => d.byClass.map((r) => ({ key: r.assignmentId, label: r.class, value: r.att }))}
      columns={[T.classColumn, T.attendanceColumn]}
      chart={(rows) => <AttendanceBarChart labels={rows.map((r) => r.label)} values={rows.map((r) => r.value)} dark={resolved === 'dark'} label={T.chartLabel} />}
      footer={summary.data ? <p className="text-sm font-medium">{T.averageAttendance(summary.data.averageAttendance)}</p> : null}
    />
  );
}
