import { useState, type FormEvent } from 'react';
import type { ReportFormat, ReportList } from '@crs/shared/schemas/analytics';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { QueryState } from '@/components/ui/query-state';
import { blobErrorMessage, serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { downloadReport, type DownloadProgress } from '../api/download-report';
import { useReports } from '../api/get-reports';
import { REPORTS_TEXT as T } from '../reports-texts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50';

type Report = ReportList['reports'][number];


/** One report: its parameters, a format, Download; a progress bar while the file arrives. */
function ReportCard({ report }: { report: Report }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setProgress({ loaded: 0, total: undefined });
    try {
      const params = Object.fromEntries(Object.entries(values).filter(([, v]) => v));
      const file = await downloadReport(report.name, format, params, setProgress);
      toast.success(T.downloaded(file));
    } catch (err) {
      setError((await blobErrorMessage(err)) ?? T.downloadFailed);
    } finally {
      setProgress(null);
    }
  }

  return (
    <RegionCard title={report.title} description={report.description} className="min-w-0">
      <form onSubmit={submit} className="grid gap-4">
        {report.params.map((p) => (
          <FormField key={p.name} label={p.label}>
            {(a) =>
              p.kind === 'select' ? (
                <select {...a} required={p.required} value={values[p.name] ?? ''} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} className={selectClass}>
                  <option value="">{p.required ? T.choose : T.all}</option>
                  {p.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <Input {...a} type={p.kind} required={p.required} value={values[p.name] ?? ''} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} />
              )
            }
          </FormField>
        ))}
        <FormField label={T.format}>
          {(a) => (
            <select {...a} value={format} onChange={(e) => setFormat(e.target.value as ReportFormat)} className={selectClass}>
              <option value="xlsx">{T.xlsx}</option>
              <option value="csv">{T.csv}</option>
            </select>
          )}
        </FormField>
        <FormError message={error} />
        {progress ? (
          <div className="grid gap-1" aria-live="polite">
            <Progress value={progress.total ? progress.loaded : 0} max={progress.total ?? 1} label={T.downloadProgress(report.title)} />
            <p className="text-xs text-muted-foreground">{progress.loaded ? T.received(Math.ceil(progress.loaded / 1024)) : T.downloading}</p>
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={progress !== null}>
            {progress ? T.downloading : T.download}
          </Button>
        </div>
      </form>
    </RegionCard>
  );
}

/** Staff's Reports (issue 14 item 5): every report from GET /reports as a download card. */
export function ReportsList() {
  const reports = useReports();
  return (
    <QueryState query={reports} error={serverMessage(reports.error) ?? T.loadFailed} skeletons={['h-64', 'h-64', 'h-64', 'h-64']} className="gap-6 lg:grid-cols-2">
      {(data) => (
        <div className="grid gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            {data.reports.map((r) => (
              <ReportCard key={r.name} report={r} />
            ))}
          </div>
        </div>
      )}
    </QueryState>
  );
}
