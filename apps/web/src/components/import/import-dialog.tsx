import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { IMPORT_ACCEPT, type ImportColumn, type ImportErrorBody, type ImportResult, type ImportRowError } from '@crs/shared/schemas/import';
import { Button } from '@/components/ui/button';
import { ACTION_FAILED } from '@/components/ui/confirm-dialog';
import { DialogFooter, FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Progress } from '@/components/ui/progress';
import { serverStatus } from '@/lib/error-details';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { csvHref, templateCsv } from './import-files';
import { ImportErrors, ImportPreview } from './import-preview';
import { IMPORT_TEXT } from './import-text';

/** Sends the file: `dryRun` asks for the preview; `onProgress` gets the uploaded fraction (0–1). */
export type ImportUpload = (file: File, options: { dryRun: boolean; onProgress: (fraction: number) => void }) => Promise<ImportResult>;


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
        {step.kind === 'preview' ? <ImportPreview result={step.result} columns={columns} /> : null}
        {step.kind === 'done' ? (
          <p className="text-sm font-medium text-green-700 dark:text-green-400" data-testid="import-result">
            {IMPORT_TEXT.done(step.result)}
          </p>
        ) : null}
        <ImportErrors errors={errors} columns={columns} fileBase={fileBase} />
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
