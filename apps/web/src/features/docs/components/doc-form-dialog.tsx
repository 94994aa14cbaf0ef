import { useState, type FormEvent } from 'react';
import { DOCS_MSG } from '@crs/shared/messages/docs';
import { FILES_MSG } from '@crs/shared/messages/files';
import { DOC_ACCEPT, DOC_TYPE_LABELS, DOC_TYPES, type DocType } from '@crs/shared/constants/docs';
import type { Doc } from '@crs/shared/schemas/docs';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useSubjectChoices, useUpdateDoc, useUploadDoc } from '../api/write-docs';
import { DOCS_TEXT } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

type Errors = Partial<Record<'title' | 'type' | 'file', string>>;

/** Upload a document (no `doc`) or edit one: title, type, description, subject for notes, file on upload. */
export function DocFormDialog({ open, onOpenChange, doc }: { open: boolean; onOpenChange: (open: boolean) => void; doc?: Doc | undefined }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={doc ? DOCS_TEXT.editTitle : DOCS_TEXT.uploadTitle}>
      {(close) => <DocForm doc={doc} close={close} />}
    </FormDialog>
  );
}

function DocForm({ doc, close }: { doc: Doc | undefined; close: () => void }) {
  const [title, setTitle] = useState(doc?.title ?? '');
  const [type, setType] = useState<DocType | ''>(doc?.type ?? '');
  const [description, setDescription] = useState(doc?.description ?? '');
  const [subjectId, setSubjectId] = useState(doc?.subject?._id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const subjects = useSubjectChoices(type === 'notes');
  const upload = useUploadDoc();
  const update = useUpdateDoc();
  const busy = upload.isPending || update.isPending;

  const check = (v = { title, type, file }): Errors => ({
    ...(v.title.trim() ? {} : { title: DOCS_MSG.docTitleRequired }),
    ...(v.type ? {} : { type: DOCS_MSG.docTypeInvalid }),
    ...(doc || v.file ? {} : { file: FILES_MSG.fileRequired }),
  });
  // The spec's timing: validate on submit, then again on every change.
  const revalidate = (v: Partial<{ title: string; type: DocType | ''; file: File | null }>) => {
    if (submitted) setErrors(check({ title, type, file, ...v }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length || !type) return;
    setFormError(null);
    try {
      if (doc) {
        const answer = await update.mutateAsync({ id: doc._id, patch: { title: title.trim(), type, description: description.trim(), subjectId: type === 'notes' ? subjectId || null : null } });
        toast.success(answer.message);
      } else {
        const answer = await upload.mutateAsync({ title: title.trim(), type, description: description.trim(), subjectId, file: file! });
        toast.success(answer.message);
      }
      close();
    } catch (err) {
      setFormError(serverMessage(err) ?? DOCS_MSG.docUploadFailed);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError message={formError} />
      <FormField label={DOCS_TEXT.titleField} error={errors.title}>
        {(a) => (
          <Input
            {...a}
            value={title}
            maxLength={200}
            onChange={(e) => {
              setTitle(e.target.value);
              revalidate({ title: e.target.value });
            }}
          />
        )}
      </FormField>
      <FormField label={DOCS_TEXT.type} error={errors.type}>
        {(a) => (
          <select
            {...a}
            value={type}
            className={selectClass}
            onChange={(e) => {
              setType(e.target.value as DocType | '');
              revalidate({ type: e.target.value as DocType | '' });
            }}
          >
            <option value="">{DOCS_TEXT.chooseType}</option>
            {DOC_TYPES.map((t) => (
              <option key={t} value={t}>
                {DOC_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {type === 'notes' ? (
        <FormField label={DOCS_TEXT.subjectField}>
          {(a) => (
            <select {...a} value={subjectId} className={selectClass} onChange={(e) => setSubjectId(e.target.value)}>
              <option value="">{DOCS_TEXT.noSubject}</option>
              {(subjects.data ?? []).map((s) => (
                <option key={s._id} value={s._id}>
                  {s.code} {s.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormField label={DOCS_TEXT.descriptionField}>{(a) => <Textarea {...a} value={description} maxLength={2000} rows={3} onChange={(e) => setDescription(e.target.value)} />}</FormField>
      {doc ? null : (
        <FormField label={DOCS_TEXT.fileField} error={errors.file}>
          {(a) => (
            <>
              <Input
                {...a}
                type="file"
                accept={DOC_ACCEPT}
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFile(f);
                  revalidate({ file: f });
                }}
              />
              <p className="text-xs text-muted-foreground">{DOCS_TEXT.fileHint}</p>
            </>
          )}
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={close} disabled={busy}>
          {DOCS_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (doc ? DOCS_TEXT.updating : DOCS_TEXT.uploading) : doc ? DOCS_TEXT.save : DOCS_TEXT.uploadButton}
        </Button>
      </div>
    </form>
  );
}
