import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { CHART_ANIMATION_MS, CHART_PALETTE, chartColors } from '@/components/charts/chart-palette';

ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

export type ChartSeries = { label: string; data: Array<number | null> };
export type AnalyticsChartProps = {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: ChartSeries[];
  /** The canvas's short name; the figures are in the table beside it. */
  label: string;
  dark: boolean;
  /** 100 for percentages; else the axis fits the data. */
  max?: number;
};

/**
 * One Analytics chart. Loaded only through `React.lazy` (analytics-dashboard.tsx), so chart.js is a
 * chunk of its own that only this page (and the teacher's overview) downloads.
 */
export default function AnalyticsChart({ kind, labels, series, label, dark, max }: AnalyticsChartProps) {
  const { text, grid } = chartColors(dark, labels);
  const colour = (i: number) => CHART_PALETTE[i % CHART_PALETTE.length]!;
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: CHART_ANIMATION_MS },
    plugins: { legend: { display: series.length > 1, labels: { color: text, boxWidth: 12 } } },
    scales: {
      y: { min: 0, ...(max ? { max } : {}), ticks: { color: text, precision: 0 }, grid: { color: grid } },
      x: { ticks: { color: text }, grid: { display: false } },
    },
  };
  if (kind === 'line') {
    return (
      <Line
        role="img"
        aria-label={label}
        data={{ labels: [...labels], datasets: series.map((s, i) => ({ label: s.label, data: s.data, borderColor: colour(i), backgroundColor: colour(i), spanGaps: true, tension: 0 })) }}
        options={options}
      />
    );
  }
  return (
    <Bar
      role="img"
      aria-label={label}
      data={{ labels: [...labels], datasets: series.map((s, i) => ({ label: s.label, data: s.data, backgroundColor: series.length > 1 ? colour(i) : labels.map((_, j) => colour(j)), borderRadius: 4 })) }}
      options={options}
    />
  );
}
