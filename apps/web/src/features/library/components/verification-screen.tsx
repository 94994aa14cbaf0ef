import { useId, useRef, useState, type FormEvent } from 'react';
import { Download, Lock, ScanLine } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { downloadReport, useCloseVerification, useStartVerification, useVerificationReport, useVerifications, useVerificationScan, type Verification, type VerificationReport } from '../api/verifications';
import { HOLDS_TEXT } from '../holds-texts';
import { LIBRARY_TEXT } from '../texts';

/**
 * Stock verification (issue 31 item 6): start one for a shelf location or the whole library, then
 * scan every copy into one keyboard-only input (a USB scanner types and presses Enter); each scan
 * answers in a live region. The report (missing, on another shelf, on loan, not in the register)
 * reads as it stands, downloads as .xlsx, and is frozen when the verification is closed.
 */
export function VerificationScreen() {
  const list = useVerifications();
  const start = useStartVerification();
  const [shelf, setShelf] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const shelfId = useId();
  const current = list.data?.find((v) => v._id === chosen) ?? list.data?.find((v) => v.status === 'open') ?? null;

  async function begin(e: FormEvent) {
    e.preventDefault();
    try {
      const { message, verification } = await start.mutateAsync(shelf.trim());
      toast.success(message);
      setChosen(verification._id);
      setShelf('');
    } catch (err) {
      toast.error(serverMessage(err) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  const columns: Column<Verification>[] = [
    { key: 'shelf', header: HOLDS_TEXT.shelf, className: 'font-medium', cell: (v) => v.shelf ?? HOLDS_TEXT.wholeLibrary },
    { key: 'started', header: 'Started', className: 'whitespace-nowrap', cell: (v) => formatDateTime(v.startedAt) },
    { key: 'counts', header: 'Scanned', className: 'whitespace-nowrap', cell: (v) => HOLDS_TEXT.counts(v.scanned, v.expected) },
    { key: 'status', header: HOLDS_TEXT.status, cell: (v) => <Badge variant={v.status === 'open' ? 'success' : 'outline'}>{v.status === 'open' ? HOLDS_TEXT.open : HOLDS_TEXT.closed}</Badge> },
    {
      key: 'open',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (v) => (
        <Button size="sm" variant="outline" onClick={() => setChosen(v._id)} aria-label={`${HOLDS_TEXT.select} ${v.shelf ?? HOLDS_TEXT.wholeLibrary}`}>
          {HOLDS_TEXT.select}
        </Button>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{HOLDS_TEXT.startVerification}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={begin} className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={shelfId}>{HOLDS_TEXT.verificationShelf}</Label>
              <Input id={shelfId} value={shelf} onChange={(e) => setShelf(e.target.value)} autoComplete="off" maxLength={60} />
            </div>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? HOLDS_TEXT.starting : HOLDS_TEXT.startVerification}
            </Button>
          </form>
        </CardContent>
      </Card>
      {current ? <VerificationDesk key={current._id} verification={current} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{HOLDS_TEXT.verifications}</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            caption={HOLDS_TEXT.verifications}
            columns={columns}
            rows={list.data}
            rowKey={(v) => v._id}
            loading={list.isPending}
            error={list.isError ? LIBRARY_TEXT.loadFailed : null}
            empty={HOLDS_TEXT.noVerifications}
          />
        </CardContent>
      </Card>
    </div>
  );
}

type Entry = { id: number; ok: boolean; text: string };

function VerificationDesk({ verification: v }: { verification: Verification }) {
  const scan = useVerificationScan(v._id);
  const close = useCloseVerification(v._id);
  const report = useVerificationReport(v._id);
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [closing, setClosing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const serial = useRef(0);
  const titleId = useId();
  const inputId = useId();
  const open = v.status === 'open';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = value.trim().toUpperCase();
    setValue('');
    if (!code) return;
    try {
      const r = await scan.mutateAsync(code);
      const text = r.last.known ? `${r.message}: ${code} — ${r.last.title ?? ''}${r.last.shelf ? ` (${r.last.shelf})` : ''}` : `${r.message}: ${code}`;
      setEntries((list) => [{ id: ++serial.current, ok: r.last.known, text }, ...list].slice(0, 8));
    } catch (err) {
      setEntries((list) => [{ id: ++serial.current, ok: false, text: serverMessage(err) ?? LIBRARY_TEXT.actionFailed }, ...list].slice(0, 8));
    } finally {
      input.current?.focus();
    }
  }

  const [latest, ...earlier] = entries;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          {v.shelf ?? HOLDS_TEXT.wholeLibrary} · {open ? HOLDS_TEXT.open : HOLDS_TEXT.closed}
        </CardTitle>
        <CardDescription>{HOLDS_TEXT.counts(v.scanned, v.expected)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {open ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={inputId}>{HOLDS_TEXT.scanLabel}</Label>
              <Input id={inputId} ref={input} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} enterKeyHint="go" aria-describedby={`${inputId}-help`} />
              <p id={`${inputId}-help`} className="text-sm text-muted-foreground">
                {HOLDS_TEXT.scanHelp}
              </p>
            </div>
            <Button type="submit" disabled={scan.isPending}>
              <ScanLine aria-hidden="true" />
              {HOLDS_TEXT.scan}
            </Button>
          </form>
        ) : null}
        <div aria-live="polite" role="status" className="min-h-6">
          {latest ? <p className={latest.ok ? 'font-medium' : 'font-medium text-destructive'}>{latest.text}</p> : null}
        </div>
        {earlier.length ? (
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {earlier.map((e) => (
              <li key={e.id}>{e.text}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void report.refetch()}>
            {HOLDS_TEXT.report}
          </Button>
          <Button variant="outline" onClick={() => void downloadReport(v._id).catch(() => toast.error(LIBRARY_TEXT.actionFailed))}>
            <Download aria-hidden="true" />
            {HOLDS_TEXT.downloadXlsx}
          </Button>
          {open ? (
            <Button variant="destructive" onClick={() => setClosing(true)}>
              <Lock aria-hidden="true" />
              {HOLDS_TEXT.closeVerification}
            </Button>
          ) : null}
        </div>
        {report.data ? <ReportLists report={report.data} /> : null}
      </CardContent>
      <ConfirmDialog
        failureText={LIBRARY_TEXT.actionFailed}
        open={closing}
        onOpenChange={setClosing}
        title={HOLDS_TEXT.closeVerification}
        description={HOLDS_TEXT.closeConfirm}
        confirmLabel={HOLDS_TEXT.closeVerification}
        onConfirm={async () => {
          toast.success((await close.mutateAsync()).message);
          await report.refetch();
        }}
      />
    </Card>
  );
}

function ReportLists({ report }: { report: VerificationReport }) {
  const groups = [
    { title: HOLDS_TEXT.missing, rows: report.missing },
    { title: HOLDS_TEXT.wrongShelf, rows: report.wrongShelf },
    { title: HOLDS_TEXT.onLoan, rows: report.onLoan },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map((g) => (
        <section key={g.title} aria-label={g.title} className="rounded-md border p-3">
          <h3 className="font-semibold">
            {g.title} ({g.rows.length})
          </h3>
          {g.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{HOLDS_TEXT.none}</p>
          ) : (
            <ul className="mt-1 grid gap-1 text-sm">
              {g.rows.map((c) => (
                <li key={c.accession}>
                  <span className="font-mono">{c.accession}</span> {c.title}
                  {c.shelf ? ` (${c.shelf})` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-label={HOLDS_TEXT.unexpected} className="rounded-md border p-3">
        <h3 className="font-semibold">
          {HOLDS_TEXT.unexpected} ({report.unexpected.length})
        </h3>
        {report.unexpected.length === 0 ? (
          <p className="text-sm text-muted-foreground">{HOLDS_TEXT.none}</p>
        ) : (
          <ul className="mt-1 grid gap-1 font-mono text-sm">
            {report.unexpected.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
