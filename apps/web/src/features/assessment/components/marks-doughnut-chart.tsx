import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { CHART_ANIMATION_MS, CHART_PALETTE } from '@/components/charts/chart-palette';

ChartJS.register(ArcElement, Tooltip, Legend);

/**
 * The Marks Overview's doughnut: one slice per subject, sized by its average marks. Loaded only
 * through `React.lazy` (marks-overview.tsx), so chart.js stays in a chunk of its own. The canvas is
 * an image with a short name; the figures are in the table next to it (screen readers read that).
 */
export default function MarksDoughnutChart({ labels, values, dark, label }: { labels: string[]; values: number[]; dark: boolean; label: string }) {
  const text = dark ? '#cbd5e1' : '#475569';
  // The card's colour (index.css --card), so slices are parted by a gap.
  const border = dark ? '#1b2030' : '#ffffff';
  return (
    <Doughnut
      role="img"
      aria-label={label}
      data={{
        labels,
        datasets: [{ label: 'Average marks %', data: values, backgroundColor: labels.map((_, i) => CHART_PALETTE[i % CHART_PALETTE.length]), borderColor: border, borderWidth: 2 }],
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
