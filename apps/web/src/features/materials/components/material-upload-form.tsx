import { useRef, useState } from 'react';
import { MATERIALS_MSG } from '@crs/shared/messages/materials';
import { MATERIAL_ACCEPT } from '@crs/shared/schemas/materials';
import { BusyButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useUploadMaterial } from '../api/upload-material';
import { EMPTY_MATERIAL, materialFormSchema, type MaterialFormOutput, type MaterialFormValues } from '../material-form';
import { MATERIALS_TEXT as T } from '../texts';

/** A subject the teacher may attach notes to (one per subject, whatever the sections). */
export type SubjectOption = { id: string; code: string; name: string };

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50';

/**
 * Spec 'Upload Research/Material': title ('Title is required'), description (optional), the subject
 * (notes for its students; none is research), exactly one file ('File is required', 'n file(s)
 * selected'); 'Uploading...' with the real upload progress; the spec's toasts; the form and the
 * selection clear after success.
 */
export function MaterialUploadForm({ subjects, subjectsFailed }: { subjects: readonly SubjectOption[] | undefined; subjectsFailed: boolean }) {
  const upload = useUploadMaterial();
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { register, onSubmit, formError, setValue, watch, reset, formState: { errors, isSubmitting, isSubmitted } } = useServerForm<MaterialFormValues, MaterialFormOutput>({
    schema: materialFormSchema,
    defaultValues: EMPTY_MATERIAL,
    fields: ['title', 'description', 'subjectId'],
    fallback: MATERIALS_MSG.materialUploadFailed,
    submit: async ({ title, description, subjectId, files }) => {
      setProgress(0);
      try {
        await upload.mutateAsync({ input: { title, description, subjectId, file: files[0]! }, onProgress: setProgress });
      } catch (e) {
        toast.error(serverMessage(e) ?? MATERIALS_MSG.materialUploadFailed);
        throw e;
      } finally {
        setProgress(null);
      }
      toast.success(MATERIALS_MSG.materialUploaded);
      reset(EMPTY_MATERIAL);
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const files = watch('files');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.formTitle}</CardTitle>
        <CardDescription>{T.fileHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={T.titleLabel} error={errors.title?.message}>
            {(a) => <Input {...a} {...register('title')} placeholder={T.titlePlaceholder} />}
          </FormField>
          <FormField label={T.descriptionLabel} error={errors.description?.message}>
            {(a) => <Textarea {...a} {...register('description')} rows={3} placeholder={T.descriptionPlaceholder} />}
          </FormField>
          <FormField label={T.subjectLabel} error={errors.subjectId?.message}>
            {(a) => (
              <select {...a} {...register('subjectId')} className={selectClass} disabled={subjects === undefined && !subjectsFailed}>
                <option value="">{T.research}</option>
                {subjects?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.code} · {s.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {subjectsFailed ? <p className="-mt-2 text-sm text-muted-foreground">{T.subjectsFailed}</p> : null}
          <FormField label={T.fileLabel} error={errors.files?.message}>
            {(a) => (
              <div className="grid gap-1">
                <input
                  {...a}
                  ref={fileInput}
                  type="file"
                  accept={MATERIAL_ACCEPT}
                  className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
                  onChange={(e) => setValue('files', Array.from(e.target.files ?? []), { shouldValidate: isSubmitted })}
                />
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {files.length > 0 ? MATERIALS_MSG.filesSelected(files.length) : T.noFile}
                </p>
              </div>
            )}
          </FormField>
          {progress !== null ? (
            <div className="grid gap-1">
              <Progress value={progress} max={100} label={T.progress} />
              <p className="text-sm tabular-nums text-muted-foreground">{progress}%</p>
            </div>
          ) : null}
          <FormError message={formError} />
          <div>
            <BusyButton type="submit" busy={isSubmitting} label={T.upload} busyLabel={T.uploading} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
