import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { NOTICES_MSG } from '@crs/shared/messages/notices';
import { createNoticeSchema, NOTICE_ATTACHMENT_ACCEPT } from '@crs/shared/schemas/notices';
import type { CreateNotice, Notice } from '@crs/shared/schemas/notices';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { noticeKeys } from '../api/keys';
import { publishWithAttachment, removeAttachment, saveNotice, uploadAttachment, useAudiences } from '../api/manage-notices';
import { NOTICES_TEXT } from '../texts';
import { CheckboxGroup } from '@/components/ui/checkbox-group';

type FormValues = z.input<typeof createNoticeSchema>;

/**
 * Publish or edit a notice: title, Markdown text, audience (roles, departments, sections), pin,
 * last day shown, attachment. A new notice with a file goes in one request (a refused file publishes
 * nothing). An edit saves the notice, then the file change; if the file is refused the form stays
 * open on the saved notice (a second submit edits it again, never publishes it twice).
 */
export function NoticeForm({ notice, onDone }: { notice: Notice | undefined; onDone: () => void }) {
  const queryClient = useQueryClient();
  const audiences = useAudiences();
  const [savedId, setSavedId] = useState<string | undefined>(notice?._id);
  const [roles, setRoles] = useState<string[]>(notice?.audience.roles ?? []);
  const [departmentIds, setDepartmentIds] = useState<string[]>(notice?.audience.departments.map((d) => d._id) ?? []);
  const [sectionIds, setSectionIds] = useState<string[]>(notice?.audience.sections.map((s) => s._id) ?? []);
  const [file, setFile] = useState<File | undefined>();
  const [dropFile, setDropFile] = useState(false);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<FormValues, CreateNotice>({
    schema: createNoticeSchema,
    defaultValues: { title: notice?.title ?? '', body: notice?.body ?? '', pinned: notice?.pinned ?? false, expiresOn: notice?.expiresOn ?? null },
    fields: ['title', 'body', 'expiresOn'],
    fallback: NOTICES_TEXT.saveFailed,
    submit: async (values) => {
      try {
        const input = { ...values, audience: { roles: roles as CreateNotice['audience']['roles'], departmentIds, sectionIds } };
        let answer;
        if (!savedId && file) {
          answer = await publishWithAttachment(input, file);
          setSavedId(answer.notice._id);
        } else {
          answer = await saveNotice({ id: savedId, input });
          setSavedId(answer.notice._id);
          if (file) answer = { ...(await uploadAttachment(answer.notice._id, file)), message: answer.message };
          else if (dropFile && answer.notice.attachment) answer = { ...(await removeAttachment(answer.notice._id)), message: answer.message };
        }
        toast.success(answer.message);
        onDone();
      } finally {
        await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      }
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={NOTICES_TEXT.title} error={errors.title?.message}>
        {(a) => <Input {...a} {...register('title')} placeholder="End-semester examination timetable" />}
      </FormField>
      <FormField label={NOTICES_TEXT.body} error={errors.body?.message}>
        {(a) => <Textarea {...a} {...register('body')} rows={6} aria-describedby={[a['aria-describedby'], 'notice-body-hint'].filter(Boolean).join(' ')} />}
      </FormField>
      <p id="notice-body-hint" className="-mt-2 text-xs text-muted-foreground">
        {NOTICES_TEXT.bodyHint}
      </p>
      <div className="grid gap-3 rounded-md border p-3">
        <p className="text-sm font-medium">{NOTICES_TEXT.audience}</p>
        <p className="-mt-2 text-xs text-muted-foreground">{NOTICES_TEXT.audienceHint}</p>
        <QueryState query={audiences} error={NOTICES_MSG.noticesLoadFailed} skeletons={['h-24']}>
          {(data) => (
            <>
              <CheckboxGroup legend={NOTICES_TEXT.roles} options={data.roles.map((r) => ({ id: r, label: r }))} value={roles} onChange={setRoles} />
              <CheckboxGroup legend={NOTICES_TEXT.departments} options={data.departments.map((d) => ({ id: d._id, label: d.code }))} value={departmentIds} onChange={setDepartmentIds} />
              <CheckboxGroup legend={NOTICES_TEXT.sections} options={data.sections.map((s) => ({ id: s._id, label: s.name }))} value={sectionIds} onChange={setSectionIds} />
            </>
          )}
        </QueryState>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={NOTICES_TEXT.expiresOn} error={errors.expiresOn?.message}>
          {(a) => <Input {...a} type="date" {...register('expiresOn', { setValueAs: (v: unknown) => (v ? v : null) })} />}
        </FormField>
        <label className="inline-flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" className="size-4" {...register('pinned')} />
          {NOTICES_TEXT.pinnedLabel}
        </label>
      </div>
      <FormField label={NOTICES_TEXT.attachmentLabel}>
        {(a) => <Input {...a} type="file" accept={NOTICE_ATTACHMENT_ACCEPT} onChange={(e) => setFile(e.target.files?.[0])} />}
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">{NOTICES_TEXT.attachmentHint}</p>
      {notice?.attachment && !file ? (
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={dropFile} onChange={(e) => setDropFile(e.target.checked)} />
          {NOTICES_TEXT.removeAttachment} ({notice.attachment.filename})
        </label>
      ) : null}
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={notice ? NOTICES_TEXT.save : NOTICES_TEXT.publish} busyLabel={NOTICES_TEXT.saving} />
    </form>
  );
}
