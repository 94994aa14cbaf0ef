import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { CHART_ANIMATION_MS, CHART_AXIS, chartColors } from '@/components/charts/chart-palette';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

/**
 * The Attendance Overview's bar chart. Loaded only through `React.lazy` (attendance-overview.tsx),
 * so chart.js is a chunk of its own that no other page downloads. The canvas is an image with a
 * short name; the figures themselves are in the table next to it (screen readers read that).
 */
export default function AttendanceBarChart({ labels, values, dark, label }: { labels: string[]; values: number[]; dark: boolean; label: string }) {
  const { text, grid, fills } = chartColors(dark, labels);
  return (
    <Bar
      role="img"
      aria-label={label}
      data={{
        labels,
        datasets: [{ label: 'Attendance %', data: values, backgroundColor: fills, borderRadius: 4 }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: CHART_ANIMATION_MS },
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${Number(c.parsed.y).toFixed(1)}%` } } },
        scales: {
          y: { min: CHART_AXIS.min, max: CHART_AXIS.max, ticks: { color: text, stepSize: 20 }, grid: { color: grid } },
          x: { ticks: { color: text }, grid: { display: false } },
        },
      }}
    />
  );
}
