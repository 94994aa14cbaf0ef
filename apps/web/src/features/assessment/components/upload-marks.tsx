import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Download, FileUp, Send } from 'lucide-react';
import { MARKS_IMPORT_COLUMNS, marksUploadFormSchema } from '@crs/shared/schemas/assessment';
import type { ImportErrorBody, ImportResult, ImportRowError } from '@crs/shared/schemas/import';
import { csvHref, templateCsv } from '@/components/import/import-files';
import { ImportErrors, ImportPreview } from '@/components/import/import-preview';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
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
import { downloadMarksTemplate } from '../api/download-template';
import { useExams } from '../api/get-exams';
import { ASSESSMENT_WRITES } from '../api/keys';
import { usePublishExam } from '../api/publish-exam';
import type { Exam } from '../api/types';
import { uploadMarks } from '../api/upload-marks';
import { ASSESSMENT_TEXT as T } from '../texts';
import { selectClass } from './exam-form-dialog';

type Values = { examId: string; csv: File | null };
type Checked = { examId: string; csv: File };

type Step =
  | { kind: 'form' }
  | { kind: 'sending'; dryRun: boolean; progress: number }
  | { kind: 'preview'; upload: Checked; result: ImportResult }
  | { kind: 'failed'; message: string; errors: ImportRowError[] }
  // After an upload: the offer to publish a draft exam at once (issue 25), then what publishing did.
  | { kind: 'stored'; examId: string; stored: number; wasPublished: boolean; publishedNow: boolean };

function importErrors(e: unknown): ImportErrorBody | null {
  if (serverStatus(e) !== 422) return null;
  const data = (e as { response?: { data?: unknown } }).response?.data as Partial<ImportErrorBody> | undefined;
  return data && Array.isArray(data.errors) && typeof data.message === 'string' ? (data as ImportErrorBody) : null;
}

/** The exam select's options, grouped by whether students see the marks (the option texts stay "name — class"). */
function ExamOptions({ exams }: { exams: readonly Exam[] }) {
  const groups = [
    { label: T.draftGroup, list: exams.filter((e) => !e.published) },
    { label: T.publishedGroup, list: exams.filter((e) => e.published) },
  ];
  return groups.map((g) =>
    g.list.length ? (
      <optgroup key={g.label} label={g.label}>
        {g.list.map((e) => (
          <option key={e._id} value={e._id}>
            {e.name} — {e.label}
          </option>
        ))}
      </optgroup>
    ) : null,
  );
}

/**
 * 'Upload Exam Marks' (spec section 2 and 5): exam select, one CSV file; 'Exam is required', 'CSV
 * file is required', 'Uploading...'. The file goes up twice through the import pipeline: first as a
 * dry run whose preview (rows with each student's name, every row error) shows here, then, once it
 * is clean and confirmed, for real — 'Marks uploaded successfully' or 'Failed to upload marks'.
 * Each exam shows whether it is a Draft or Published; after an upload to a draft the page offers to
 * publish it at once (issue 25). The template of a chosen exam lists its students.
 */
export function UploadMarksPage() {
  const exams = useExams();
  useFailureToast(exams.isError, T.examsFailed);
  const queryClient = useQueryClient();
  const publish = usePublishExam();
  const [searchParams] = useSearchParams();
  const [templateBusy, setTemplateBusy] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<Values, unknown, Checked>({ resolver: zodResolver(marksUploadFormSchema) as never, ...FORM_VALIDATION, defaultValues: { examId: '', csv: null } });
  const list = exams.data?.exams ?? [];
  const busy = step.kind === 'sending';
  const chosenId = useWatch({ control, name: 'examId' });
  const chosen = list.find((e) => e._id === chosenId);

  // Opened from an exam's row (?exam=id): choose it once the list is there.
  const wanted = searchParams.get('exam');
  const wantedKnown = list.some((e) => e._id === wanted);
  useEffect(() => {
    if (wanted && wantedKnown) setValue('examId', wanted);
  }, [wanted, wantedKnown, setValue]);

  async function send(upload: Checked, dryRun: boolean) {
    setStep({ kind: 'sending', dryRun, progress: 0 });
    try {
      const result = await uploadMarks(upload.examId, upload.csv, { dryRun, onProgress: (progress) => setStep((s) => (s.kind === 'sending' ? { ...s, progress } : s)) });
      if (dryRun) {
        setStep({ kind: 'preview', upload, result });
        return;
      }
      const wasPublished = examOf(upload.examId)?.published ?? false;
      await Promise.all(ASSESSMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      toast.success(T.uploaded, { description: T.uploadedCounts(result.created, result.updated) });
      reset({ examId: upload.examId, csv: null });
      setFileKey((k) => k + 1);
      setStep({ kind: 'stored', examId: upload.examId, stored: result.created + result.updated, wasPublished, publishedNow: false });
    } catch (e) {
      const rows = importErrors(e);
      const message = rows?.message ?? serverMessage(e);
      toast.error(T.uploadFailed, message ? { description: message } : undefined);
      setStep({ kind: 'failed', message: message ?? T.uploadFailed, errors: rows?.errors ?? [] });
    }
  }

  const onSubmit = handleSubmit((values) => send(values, true));
  function examOf(id: string) {
    return list.find((e) => e._id === id);
  }

  async function publishNow(examId: string) {
    try {
      const { message } = await publish.mutateAsync({ id: examId, published: true });
      if (message) toast.success(message);
      setStep((s) => (s.kind === 'stored' && s.examId === examId ? { ...s, publishedNow: true } : s));
    } catch (e) {
      toast.error(T.publishFailed, serverMessage(e) ? { description: serverMessage(e) } : undefined);
    }
  }

  async function saveTemplate(exam: Exam) {
    setTemplateBusy(true);
    try {
      await downloadMarksTemplate(exam._id, `marks-${exam.subjectCode}-${exam.section}`);
    } catch {
      toast.error(T.templateFailed);
    } finally {
      setTemplateBusy(false);
    }
  }

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
                    <ExamOptions exams={list} />
                  </select>
                )}
              </FormField>
              {chosen ? (
                <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="exam-status">
                  <Badge variant={chosen.published ? 'success' : 'outline'}>{chosen.published ? T.published : T.draft}</Badge>
                  <span>{chosen.published ? T.selectedPublished : T.selectedDraft}</span>
                </p>
              ) : null}
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
                {chosen ? (
                  <Button type="button" variant="link" className="h-auto justify-start px-0 text-left whitespace-normal" disabled={templateBusy} onClick={() => void saveTemplate(chosen)}>
                    <Download aria-hidden="true" className="size-4" />
                    {T.templateFor}
                  </Button>
                ) : (
                  <a
                    href={csvHref(templateCsv(MARKS_IMPORT_COLUMNS))}
                    download="marks-template.csv"
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {T.template}
                  </a>
                )}
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
          {step.kind === 'stored' ? <PublishOffer step={step} exam={examOf(step.examId)} busy={publish.isPending} onPublish={() => void publishNow(step.examId)} onLater={() => setStep({ kind: 'form' })} /> : null}
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

/** After an upload: a draft exam is offered for publishing at once; a published one says its students see the new marks. */
function PublishOffer({ step, exam, busy, onPublish, onLater }: { step: Extract<Step, { kind: 'stored' }>; exam: Exam | undefined; busy: boolean; onPublish: () => void; onLater: () => void }) {
  if (!exam) return null;
  if (step.wasPublished || (exam.published && !step.publishedNow)) {
    return <p className="text-sm text-muted-foreground">{T.alreadyPublished(exam.name)}</p>;
  }
  return (
    <Card role="region" aria-labelledby="marks-publish-title">
      <CardHeader>
        <CardTitle id="marks-publish-title">{T.offerTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.publishedNow ? (
          <p className="text-sm">{T.offerPublished(exam.name, exam.section)}</p>
        ) : (
          <>
            <p className="text-sm">{T.offerText(step.stored, exam.name, exam.label)}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={onPublish} disabled={busy}>
                <Send aria-hidden="true" />
                {busy ? T.publishing : T.offerPublish}
              </Button>
              <Button variant="outline" onClick={onLater} disabled={busy}>
                {T.offerLater}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
