import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { IMPORT_ACCEPT, type ImportColumn, type ImportErrorBody, type ImportResult, type ImportRowError } from '@crs/shared/schemas/import';
import { Button } from '@/components/ui/button';
import { ACTION_FAILED } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DialogFooter, FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Progress } from '@/components/ui/progress';
import { useScrollFocus } from '@/hooks/use-scroll-focus';
import { serverStatus } from '@/lib/error-details';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { csvHref, errorsCsv, templateCsv } from './import-files';

/** Sends the file: `dryRun` asks for the preview; `onProgress` gets the uploaded fraction (0–1). */
export type ImportUpload = (file: File, options: { dryRun: boolean; onProgress: (fraction: number) => void }) => Promise<ImportResult>;

export const IMPORT_TEXT = {
  choose: 'Choose a file',
  drop: 'or drop it here (.csv, .xlsx, .xls)',
  template: 'Download template',
  uploading: 'Uploading...',
  checking: 'Checking the file...',
  importing: 'Importing...',
  import: 'Import',
  another: 'Choose another file',
  errorFile: 'Download error file',
  fixFirst: 'Fix these rows and choose the file again: nothing is imported while any row is invalid.',
  previewOf: (shown: number, total: number) => `The first ${shown} of ${total} rows.`,
  done: (r: Pick<ImportResult, 'created' | 'updated' | 'skipped'>) => `Imported: ${r.created} created, ${r.updated} updated, ${r.skipped} skipped.`,
} as const;

type Step =
  | { kind: 'pick' }
  | { kind: 'sending'; file: File; dryRun: boolean; progress: number }
  | { kind: 'preview'; file: File; result: ImportResult }
  | { kind: 'failed'; file: File | null; message: string; errors: ImportRowError[] }
  | { kind: 'done'; result: ImportResult };

type ImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  columns: readonly ImportColumn[];
  /** The template's columns when it should show fewer than the import reads (default: `columns`). */
  templateColumns?: readonly ImportColumn[];
  upload: ImportUpload;
  /** Query keys that the import changes; they reload after a successful import. */
  invalidate: readonly QueryKey[];
  /** Base of the downloaded file names (`books` → books-template.csv, books-errors.csv). */
  fileBase: string;
  /** After a successful import, once the lists are reloaded (a page clears its selection). */
  onImported?: (result: ImportResult) => void;
  /** A module's own texts (the alumni upload's toasts are the spec's); default: the counts. */
  texts?: {
    /** The success toast's title; the counts go in its description. */
    success?: string;
    /** The failure toast, from the server's message (null when the call got no answer). No toast without it. */
    failure?: (message: string | null) => string;
    /** Shown in the dialog when a call failed without a message of its own. */
    failed?: string;
  };
};

/**
 * The web half of the import pipeline (packages/shared/src/schemas/import.ts): pick or drop a file,
 * upload with progress, a dry-run preview (counts, rows with the bad ones marked, every error, an
 * error file), then the real import; a 422 shows its errors the same way, 413/415 the server's
 * message. Every upload that creates rows uses it.
 */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description} wide>
      {(close) => <ImportFlow {...props} close={close} />}
    </FormDialog>
  );
}

function importErrors(e: unknown): ImportErrorBody | null {
  if (serverStatus(e) !== 422) return null;
  const data = (e as { response?: { data?: unknown } }).response?.data as Partial<ImportErrorBody> | undefined;
  return data && Array.isArray(data.errors) && typeof data.message === 'string' ? (data as ImportErrorBody) : null;
}

function ImportFlow({ columns, templateColumns, upload, invalidate, fileBase, onImported, texts, close }: ImportDialogProps & { close: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [dragging, setDragging] = useState(false);

  async function send(file: File, dryRun: boolean) {
    setStep({ kind: 'sending', file, dryRun, progress: 0 });
    try {
      const result = await upload(file, { dryRun, onProgress: (progress) => setStep((s) => (s.kind === 'sending' ? { ...s, progress } : s)) });
      if (dryRun) {
        setStep({ kind: 'preview', file, result });
        return;
      }
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (texts?.success) toast.success(texts.success, { description: IMPORT_TEXT.done(result) });
      else toast.success(IMPORT_TEXT.done(result));
      setStep({ kind: 'done', result });
      onImported?.(result);
    } catch (e) {
      const rows = importErrors(e);
      const message = rows?.message ?? serverMessage(e);
      if (texts?.failure) toast.error(texts.failure(message));
      setStep({ kind: 'failed', file: rows ? file : null, message: message ?? texts?.failed ?? ACTION_FAILED, errors: rows?.errors ?? [] });
    }
  }

  function pick(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (file) void send(file, true);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files[0]);
  }

  const busy = step.kind === 'sending';
  const errors = step.kind === 'preview' ? step.result.errors : step.kind === 'failed' ? step.errors : [];

  return (
    <div className="grid min-w-0 gap-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop-zone"
        className={cn('grid justify-items-center gap-2 rounded-md border-2 border-dashed p-4 text-center text-sm', dragging ? 'border-primary bg-accent/50' : 'border-input')}
      >
        <FileUp aria-hidden="true" className="size-6 text-muted-foreground" />
        <label htmlFor={inputId} className="font-medium">
          {IMPORT_TEXT.choose}
        </label>
        <input
          id={inputId}
          ref={fileRef}
          type="file"
          accept={IMPORT_ACCEPT}
          disabled={busy}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <p className="text-muted-foreground">{IMPORT_TEXT.drop}</p>
        <a href={csvHref(templateCsv(templateColumns ?? columns))} download={`${fileBase}-template.csv`} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          <Download aria-hidden="true" className="size-4" />
          {IMPORT_TEXT.template}
        </a>
      </div>

      <div aria-live="polite" className="grid min-w-0 gap-4">
        {step.kind === 'sending' ? (
          <div className="grid gap-2">
            <p className="text-sm">
              {step.progress < 1 ? IMPORT_TEXT.uploading : step.dryRun ? IMPORT_TEXT.checking : IMPORT_TEXT.importing} <span className="text-muted-foreground">{step.file.name}</span>
            </p>
            <Progress value={Math.round(step.progress * 100)} max={100} label="Upload progress" />
          </div>
        ) : null}
        {step.kind === 'failed' ? <FormError message={step.message} /> : null}
        {step.kind === 'preview' ? <Preview result={step.result} columns={columns} /> : null}
        {step.kind === 'done' ? (
          <p className="text-sm font-medium text-green-700 dark:text-green-400" data-testid="import-result">
            {IMPORT_TEXT.done(step.result)}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <div className="grid gap-2" data-testid="import-errors">
            <p className="text-sm text-destructive">{IMPORT_TEXT.fixFirst}</p>
            <ErrorList>
              {errors.map((e, i) => (
                <li key={i}>
                  Row {e.row}
                  {e.field ? `, ${e.field}` : ''}: {e.message}
                </li>
              ))}
            </ErrorList>
            <a href={csvHref(errorsCsv(errors, columns))} download={`${fileBase}-errors.csv`} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
              <Download aria-hidden="true" className="size-4" />
              {IMPORT_TEXT.errorFile}
            </a>
          </div>
        ) : null}
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={close} disabled={busy}>
          {step.kind === 'done' ? 'Done' : 'Cancel'}
        </Button>
        {step.kind === 'preview' ? (
          <Button disabled={step.result.errors.length > 0} onClick={() => void send(step.file, false)}>
            {IMPORT_TEXT.import}
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}

type PreviewRow = ImportResult['rows'][number];

function Preview({ result, columns }: { result: ImportResult; columns: readonly ImportColumn[] }) {
  const badRows = new Map<number, string[]>();
  for (const e of result.errors) badRows.set(e.row, [...(badRows.get(e.row) ?? []), e.field ? `${e.field}: ${e.message}` : e.message]);
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const total = result.created + result.updated + result.skipped + badRows.size;
  const tableColumns: Column<PreviewRow>[] = [
    { key: 'row', header: 'Row', className: 'tabular-nums', cell: (r) => r.row },
    { key: 'action', header: 'Action', cell: (r) => (badRows.has(r.row) ? 'error' : r.action) },
    ...result.columns.map((key, i): Column<PreviewRow> => ({ key: `c:${key}`, header: label(key), hideBelow: i > 1 ? 'md' : undefined, cell: (r) => r.values[key] ?? '' })),
    {
      key: 'problems',
      header: 'Problems',
      cell: (r) => (badRows.has(r.row) ? <span className="text-destructive">{badRows.get(r.row)?.join('; ')}</span> : null),
    },
  ];
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="import-counts">
        {(['created', 'updated', 'skipped'] as const).map((k) => (
          <div key={k} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{k[0]!.toUpperCase() + k.slice(1)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{result[k]}</dd>
          </div>
        ))}
      </dl>
      {result.rows.length > 0 ? <p className="text-xs text-muted-foreground">{IMPORT_TEXT.previewOf(result.rows.length, total)}</p> : null}
      <PreviewScroll>
        <DataTable
          caption="Import preview"
          columns={tableColumns}
          rows={result.rows}
          rowKey={(r) => String(r.row)}
          empty="The file has no rows."
          rowProps={(r) => (badRows.has(r.row) ? { className: 'bg-destructive/10', 'data-testid': 'import-bad-row' } : { 'data-testid': 'import-row' })}
        />
      </PreviewScroll>
    </div>
  );
}

/** The preview rows, scrolling inside the dialog; reachable by keyboard while they overflow. */
function PreviewScroll({ children }: { children: ReactNode }) {
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLDivElement>();
  return (
    <div className="max-h-64 overflow-y-auto" ref={attachScroll} tabIndex={scrollTabIndex} role={scrollTabIndex === 0 ? 'region' : undefined} aria-label={scrollTabIndex === 0 ? 'Import preview rows' : undefined}>
      {children}
    </div>
  );
}

/** Every error of the file, scrolling when long; reachable by keyboard while it overflows. */
function ErrorList({ children }: { children: ReactNode }) {
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLUListElement>();
  return (
    <ul className="max-h-40 list-disc overflow-y-auto pl-5 text-sm text-destructive" ref={attachScroll} tabIndex={scrollTabIndex} aria-label="Errors in the file">
      {children}
    </ul>
  );
}
