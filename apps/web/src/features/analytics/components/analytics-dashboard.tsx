import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalyticsOverview } from '@crs/shared/schemas/analytics';
import { canvasAvailable } from '@/components/charts/canvas';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/form-error';
import { QueryState } from '@/components/ui/query-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { useTheme } from '@/lib/theme';
import { useAnalyticsOverview } from '../api/get-overview';
import { ANALYTICS_TEXT as T } from '../texts';
import type { AnalyticsChartProps } from './analytics-chart';

// chart.js is a chunk of its own, fetched when a card has figures to draw.
const AnalyticsChart = lazy(() => import('./analytics-chart'));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (v: string | null) => (v && DATE.test(v) ? v : undefined);

/** A chart card: the chart (an image with a short name) and its figures as a table for screen readers. */
function ChartCard({ id, title, empty, chart, table }: { id: string; title: string; empty: string | null; chart: Omit<AnalyticsChartProps, 'dark'> | Array<Omit<AnalyticsChartProps, 'dark'>>; table: ReactNode }) {
  const { resolved } = useTheme();
  return (
    <RegionCard title={title} titleId={id} className="min-w-0" contentClassName="grid gap-4">
      {empty ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          {canvasAvailable()
            ? (Array.isArray(chart) ? chart : [chart]).map((c) => (
                <div key={c.label} className="relative h-64">
                  <Suspense fallback={<Skeleton className="h-64" />}>
                    <AnalyticsChart {...c} dark={resolved === 'dark'} />
                  </Suspense>
                </div>
              ))
            : null}
          {/* A table ignores `width: 1px` and would widen a phone's page: the hiding box is a div around it. */}
          <div className="sr-only">{table}</div>
        </>
      )}
    </RegionCard>
  );
}

function Charts({ data }: { data: AnalyticsOverview }) {
  const ids = { enrolment: useId(), attendance: useId(), results: useId(), library: useId(), placement: useId() };
  const weeks = data.attendance.weeks;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        id={ids.enrolment}
        title={T.enrolment}
        empty={data.enrolment.length ? null : T.noDepartments}
        chart={{ kind: 'bar', labels: data.enrolment.map((e) => e.department), series: [{ label: T.students, data: data.enrolment.map((e) => e.students) }], label: T.enrolmentChart }}
        table={
          <table>
            <caption>{T.enrolment}</caption>
            <thead>
              <tr>
                <th scope="col">{T.department}</th>
                <th scope="col">{T.students}</th>
              </tr>
            </thead>
            <tbody>
              {data.enrolment.map((e) => (
                <tr key={e.department}>
                  <th scope="row">{`${e.department} — ${e.departmentName}`}</th>
                  <td>{e.students}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        id={ids.attendance}
        title={T.attendance}
        empty={data.attendance.departments.length ? null : T.noAttendance}
        chart={{ kind: 'line', labels: weeks.map((w) => formatDate(w)), series: data.attendance.departments.map((d) => ({ label: d.department, data: d.percent })), max: 100, label: T.attendanceChart }}
        table={
          <table>
            <caption>{T.attendance}</caption>
            <thead>
              <tr>
                <th scope="col">{T.week}</th>
                {data.attendance.departments.map((d) => (
                  <th key={d.department} scope="col">
                    {d.department}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((w, i) => (
                <tr key={w}>
                  <th scope="row">{formatDate(w)}</th>
                  {data.attendance.departments.map((d) => (
                    <td key={d.department}>{T.percent(d.percent[i] ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        id={ids.results}
        title={T.results}
        empty={data.results.subjects.length ? null : T.noResults}
        chart={[
          { kind: 'bar', labels: data.results.subjects.map((s) => s.subjectCode), series: [{ label: T.passRate, data: data.results.subjects.map((s) => s.passRate) }], max: 100, label: T.passRateChart },
          {
            kind: 'bar',
            labels: data.results.grades,
            series: [{ label: T.marks, data: data.results.grades.map((_, i) => data.results.subjects.reduce((n, s) => n + (s.counts[i] ?? 0), 0)) }],
            label: T.gradesChart,
          },
        ]}
        table={
          <table>
            <caption>{T.results}</caption>
            <thead>
              <tr>
                <th scope="col">{T.subject}</th>
                <th scope="col">{T.sat}</th>
                <th scope="col">{T.passed}</th>
                <th scope="col">{T.passRate}</th>
                {data.results.grades.map((g) => (
                  <th key={g} scope="col">
                    {g}
                  </th>
                ))}
                <th scope="col">{T.absent}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.subjects.map((s) => (
                <tr key={s.subjectCode}>
                  <th scope="row">{`${s.subjectCode} ${s.subjectName}`}</th>
                  <td>{s.sat}</td>
                  <td>{s.passed}</td>
                  <td>{T.percent(s.passRate)}</td>
                  {s.counts.map((n, i) => (
                    <td key={data.results.grades[i]}>{n}</td>
                  ))}
                  <td>{s.absent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        id={ids.library}
        title={T.library}
        empty={null}
        chart={{
          kind: 'line',
          labels: data.library.map((w) => formatDate(w.week)),
          series: [
            { label: T.issued, data: data.library.map((w) => w.issued) },
            { label: T.returned, data: data.library.map((w) => w.returned) },
            { label: T.overdue, data: data.library.map((w) => w.overdue) },
          ],
          label: T.libraryChart,
        }}
        table={
          <table>
            <caption>{T.library}</caption>
            <thead>
              <tr>
                <th scope="col">{T.week}</th>
                <th scope="col">{T.issued}</th>
                <th scope="col">{T.returned}</th>
                <th scope="col">{T.overdue}</th>
              </tr>
            </thead>
            <tbody>
              {data.library.map((w) => (
                <tr key={w.week}>
                  <th scope="row">{formatDate(w.week)}</th>
                  <td>{w.issued}</td>
                  <td>{w.returned}</td>
                  <td>{w.overdue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        id={ids.placement}
        title={T.placement}
        empty={data.placement.length ? null : T.noPlacement}
        chart={{
          kind: 'bar',
          labels: data.placement.map((p) => p.department),
          series: [
            { label: T.applications, data: data.placement.map((p) => p.applications) },
            { label: T.offers, data: data.placement.map((p) => p.offers) },
          ],
          label: T.placementChart,
        }}
        table={
          <table>
            <caption>{T.placement}</caption>
            <thead>
              <tr>
                <th scope="col">{T.department}</th>
                <th scope="col">{T.applications}</th>
                <th scope="col">{T.offers}</th>
              </tr>
            </thead>
            <tbody>
              {data.placement.map((p) => (
                <tr key={p.department}>
                  <th scope="row">{`${p.department} — ${p.departmentName}`}</th>
                  <td>{p.applications}</td>
                  <td>{p.offers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}

/** Admin's Analytics (issue 14 item 4): a date range in the URL (?from=&to=), sent to the server, and the charts. */
export function AnalyticsDashboard() {
  const [params, setParams] = useSearchParams();
  const range = { from: dateParam(params.get('from')), to: dateParam(params.get('to')) };
  const overview = useAnalyticsOverview(range);
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const [error, setError] = useState<string | undefined>();

  function apply(e: FormEvent) {
    e.preventDefault();
    if (from && to && from > to) {
      setError(T.rangeOrder);
      return;
    }
    setError(undefined);
    const next = new URLSearchParams();
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    setParams(next);
  }
  function reset() {
    setFrom('');
    setTo('');
    setError(undefined);
    setParams(new URLSearchParams());
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={apply} className="flex flex-wrap items-end gap-4" noValidate>
        <div className="w-full sm:w-44">
          <FormField label={T.from}>{(a) => <Input {...a} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}</FormField>
        </div>
        <div className="w-full sm:w-44">
          <FormField label={T.to} error={error}>
            {(a) => <Input {...a} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
          </FormField>
        </div>
        <div className="flex gap-2">
          <Button type="submit">{T.apply}</Button>
          <Button type="button" variant="outline" onClick={reset}>
            {T.reset}
          </Button>
        </div>
      </form>
      {overview.data ? <p className="text-sm text-muted-foreground">{T.range(formatDate(overview.data.from), formatDate(overview.data.to))}</p> : null}
      <QueryState query={overview} error={serverMessage(overview.error) ?? T.loadFailed} skeletons={['h-80', 'h-80', 'h-80', 'h-80']} className="gap-6 xl:grid-cols-2">
        {(data) => <Charts data={data} />}
      </QueryState>
    </div>
  );
}
