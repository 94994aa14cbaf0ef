import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { CHART_ANIMATION_MS, chartColors } from '@/components/charts/chart-palette';

ChartJS.register(ArcElement, Tooltip, Legend);

/**
 * The Marks Overview's doughnut: one slice per subject, sized by its average marks. Loaded only
 * through `React.lazy` (marks-overview.tsx), so chart.js stays in a chunk of its own. The canvas is
 * an image with a short name; the figures are in the table next to it (screen readers read that).
 */
export default function MarksDoughnutChart({ labels, values, dark, label }: { labels: string[]; values: number[]; dark: boolean; label: string }) {
  // Slices are parted by a gap of the card's colour.
  const { text, card: border, fills } = chartColors(dark, labels);
  return (
    <Doughnut
      role="img"
      aria-label={label}
      data={{
        labels,
        datasets: [{ label: 'Average marks %', data: values, backgroundColor: fills, borderColor: border, borderWidth: 2 }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: CHART_ANIMATION_MS },
        plugins: {
          legend: { position: 'bottom', labels: { color: text, boxWidth: 12 } },
          tooltip: { callbacks: { label: (c) => `${c.label}: ${Number(c.parsed).toFixed(1)}%` } },
        },
      }}
    />
  );
}
