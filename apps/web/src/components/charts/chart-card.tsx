import { Suspense, type ReactNode } from 'react';
import { RegionCard } from '@/components/ui/card';
import { QueryState, type QueryLike } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { canvasAvailable } from './canvas';

/** One figure of a chart: its name and its value in percent. */
export type ChartRow = { key: string; label: string; value: number };

/**
 * A dashboard card of one chart (the teacher's Attendance and Marks overviews): the query's states,
 * then the chart where the browser has a canvas — `chart` is a lazy chart.js component, so chart.js
 * is fetched only when there are figures to draw — and the same figures as a table for screen
 * readers, the chart's text alternative. `footer` goes under it (the average).
 */
export function ChartCard<T>({
  id,
  title,
  query,
  error,
  empty,
  rowsOf,
  columns,
  chart,
  footer,
}: {
  /** The title's id: the card is a region named by it. */
  id: string;
  title: string;
  query: QueryLike<T>;
  error: string;
  empty: string;
  rowsOf: (data: T) => ChartRow[];
  /** The table's two column headers. */
  columns: readonly [string, string];
  chart: (rows: ChartRow[]) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <RegionCard title={title} titleId={id} contentClassName="grid gap-4">
      <QueryState query={query} error={error} toast skeletons={['h-64']} empty={empty} isEmpty={(d) => rowsOf(d).length === 0}>
        {(data) => <Figures rows={rowsOf(data)} caption={title} columns={columns} chart={chart} />}
      </QueryState>
      {footer}
    </RegionCard>
  );
}

function Figures({ rows, caption, columns, chart }: { rows: ChartRow[]; caption: string; columns: readonly [string, string]; chart: (rows: ChartRow[]) => ReactNode }) {
  return (
    <>
      {canvasAvailable() ? (
        // chart.js follows this box's size a frame late; clipping keeps a canvas still sized for a wider
        // layout from widening a phone's page meanwhile.
        <div className="relative h-64 min-w-0 overflow-hidden">
          <Suspense fallback={<Skeleton className="h-64" />}>{chart(rows)}</Suspense>
        </div>
      ) : null}
      {/* A table ignores `width: 1px` and grows to its longest label, widening a phone's page: the
          hiding box is a div around it, which does clip. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{`${r.value.toFixed(1)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
