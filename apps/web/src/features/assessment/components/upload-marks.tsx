import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Download, FileUp } from 'lucide-react';
import { MARKS_IMPORT_COLUMNS, marksUploadFormSchema } from '@crs/shared/schemas/assessment';
import type { ImportErrorBody, ImportResult, ImportRowError } from '@crs/shared/schemas/import';
import { csvHref, templateCsv } from '@/components/import/import-files';
import { ImportErrors, ImportPreview } from '@/components/import/import-preview';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Progress } from '@/components/ui/progress';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { serverStatus } from '@/lib/error-details';
import { serverMessage } from '@/lib/errors';
import { FORM_VALIDATION } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useExams } from '../api/get-exams';
import { ASSESSMENT_WRITES } from '../api/keys';
import { uploadMarks } from '../api/upload-marks';
import { ASSESSMENT_TEXT as T } from '../texts';
import { selectClass } from './exam-form-dialog';

type Values = { examId: string; csv: File | null };
type Checked = { examId: string; csv: File };

type Step =
  | { kind: 'form' }
  | { kind: 'sending'; dryRun: boolean; progress: number }
  | { kind: 'preview'; upload: Checked; result: ImportResult }
  | { kind: 'failed'; message: string; errors: ImportRowError[] };

function importErrors(e: unknown): ImportErrorBody | null {
  if (serverStatus(e) !== 422) return null;
  const data = (e as { response?: { data?: unknown } }).response?.data as Partial<ImportErrorBody> | undefined;
  return data && Array.isArray(data.errors) && typeof data.message === 'string' ? (data as ImportErrorBody) : null;
}

/**
 * 'Upload Exam Marks' (spec section 2 and 5): exam select, one CSV file; 'Exam is required', 'CSV
 * file is required', 'Uploading...'. The file goes up twice through the import pipeline: first as a
 * dry run whose preview (rows, every row error) shows here, then, once it is clean and confirmed,
 * for real — 'Marks uploaded successfully' or 'Failed to upload marks'.
 */
export function UploadMarksPage() {
  const exams = useExams();
  useFailureToast(exams.isError, T.examsFailed);
  const queryClient = useQueryClient();
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, Checked>({ resolver: zodResolver(marksUploadFormSchema) as never, ...FORM_VALIDATION, defaultValues: { examId: '', csv: null } });
  const list = exams.data?.exams ?? [];
  const busy = step.kind === 'sending';

  async function send(upload: Checked, dryRun: boolean) {
    setStep({ kind: 'sending', dryRun, progress: 0 });
    try {
      const result = await uploadMarks(upload.examId, upload.csv, { dryRun, onProgress: (progress) => setStep((s) => (s.kind === 'sending' ? { ...s, progress } : s)) });
      if (dryRun) {
        setStep({ kind: 'preview', upload, result });
        return;
      }
      await Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      toast.success(T.uploaded, { description: T.uploadedCounts(result.created, result.updated) });
      reset({ examId: upload.examId, csv: null });
      setFileKey((k) => k + 1);
      setStep({ kind: 'form' });
    } catch (e) {
      const rows = importErrors(e);
      const message = rows?.message ?? serverMessage(e);
      toast.error(T.uploadFailed, message ? { description: message } : undefined);
      setStep({ kind: 'failed', message: message ?? T.uploadFailed, errors: rows?.errors ?? [] });
    }
  }

  const onSubmit = handleSubmit((values) => send(values, true));
  const examOf = (id: string) => list.find((e) => e._id === id);

  return (
    <section>
      <PageHeader title={T.uploadTitle} description={T.uploadIntro} />
      <div className="grid gap-6">
        <Card>
          <CardContent className="pt-6">
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-xl gap-4">
              <FormField label={T.exam} error={errors.examId?.message}>
                {(a) => (
                  <select
                    {...a}
                    {...register('examId', { onChange: () => setStep({ kind: 'form' }) })}
                    className={selectClass}
                    disabled={busy}
                  >
                    <option value="">{T.examPlaceholder}</option>
                    {list.map((e) => (
                      <option key={e._id} value={e._id}>
                        {e.name} — {e.label}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              {exams.isSuccess && list.length === 0 ? <p className="text-sm text-muted-foreground">{T.noExamsToUpload}</p> : null}
              <Controller
                control={control}
                name="csv"
                render={({ field }) => (
                  <FormField label={T.csvFile} error={errors.csv?.message}>
                    {(a) => (
                      <input
                        {...a}
                        key={fileKey}
                        type="file"
                        accept=".csv,text/csv"
                        disabled={busy}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        onChange={(e) => {
                          field.onChange(e.target.files?.[0] ?? null);
                          setStep({ kind: 'form' });
                        }}
                        className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm"
                      />
                    )}
                  </FormField>
                )}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={busy}>
                  <FileUp aria-hidden="true" />
                  {busy && step.dryRun ? T.uploading : T.upload}
                </Button>
                <a
                  href={csvHref(templateCsv(MARKS_IMPORT_COLUMNS))}
                  download="marks-template.csv"
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <Download aria-hidden="true" className="size-4" />
                  {T.template}
                </a>
              </div>
            </form>
          </CardContent>
        </Card>

        <div aria-live="polite" className="grid min-w-0 gap-4">
          {step.kind === 'sending' ? (
            <div className="grid gap-2">
              <p className="text-sm">{T.uploading}</p>
              <Progress value={Math.round(step.progress * 100)} max={100} label={T.uploadProgress} />
            </div>
          ) : null}
          {step.kind === 'failed' ? (
            <Card>
              <CardContent className="grid gap-4 pt-6">
                <FormError message={step.message} />
                <ImportErrors errors={step.errors} columns={MARKS_IMPORT_COLUMNS} fileBase="marks" />
              </CardContent>
            </Card>
          ) : null}
          {step.kind === 'preview' ? (
            <Card role="region" aria-labelledby="marks-preview-title">
              <CardHeader>
                <CardTitle id="marks-preview-title">{T.previewTitle}</CardTitle>
              </CardHeader>
              <CardContent className="grid min-w-0 gap-4">
                <ImportPreview result={step.result} columns={MARKS_IMPORT_COLUMNS} />
                <ImportErrors errors={step.result.errors} columns={MARKS_IMPORT_COLUMNS} fileBase="marks" />
                {step.result.errors.length === 0 ? (
                  <>
                    <p className="text-sm">{T.previewReady(step.result.created + step.result.updated, examOf(step.upload.examId)?.name ?? '')}</p>
                    {(examOf(step.upload.examId)?.marked ?? 0) > 0 ? <p className="text-sm text-muted-foreground">{T.replaces(examOf(step.upload.examId)!.marked)}</p> : null}
                    <div>
                      <Button onClick={() => void send(step.upload, false)}>{T.confirmUpload}</Button>
                    </div>
                  </>
                ) : null}
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </section>
  );
}
