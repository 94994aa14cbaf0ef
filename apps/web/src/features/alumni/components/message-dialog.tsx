import { useId, useRef, useState } from 'react';
import { Send } from 'lucide-react';
import { ALUMNI_MERGE_FIELDS, messageAlumniBody } from '@crs/shared/schemas/alumni';
import { Button } from '@/components/ui/button';
import { DialogFooter, FormDialog } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useMessageAlumni } from '../api/message-alumni';
import type { MessageSent } from '../api/types';
import { ALUMNI_TEXT } from '../texts';

type MessageValues = { subject: string; message: string };
type MessageOutput = { subject?: string | null; message: string };
/** The shared body's rules for the two fields the form holds ('Message cannot be empty'). */
const messageFormSchema = messageAlumniBody.pick({ subject: true, message: true });

/**
 * Message (n): a subject (optional) and a text with merge fields, sent to the selected alumni.
 * Idle or sending ('Sending...', every button disabled); afterwards it says how many mails were
 * queued and who had no email.
 */
export function MessageDialog({ ids, open, onOpenChange }: { ids: readonly string[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={ALUMNI_TEXT.messageTitle(ids.length)} description={ALUMNI_TEXT.messageDescription}>
      {(close) => <MessageForm ids={ids} close={close} />}
    </FormDialog>
  );
}

function MessageForm({ ids, close }: { ids: readonly string[]; close: () => void }) {
  const send = useMessageAlumni();
  const [sent, setSent] = useState<MessageSent | null>(null);
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const mergeId = useId();
  const { register, getValues, setValue, onSubmit, formError, formState: { errors, isSubmitting, isSubmitted } } = useServerForm<MessageValues, MessageOutput>({
    schema: messageFormSchema,
    defaultValues: { subject: '', message: '' },
    fields: ['subject', 'message'],
    fallback: ALUMNI_TEXT.messageFailed,
    submit: async (values) => {
      try {
        const answer = await send.mutateAsync({ ids, message: values.message, ...(values.subject ? { subject: values.subject } : {}) });
        toast.success(answer.message, { description: summary(answer) });
        setSent(answer);
      } catch (e) {
        toast.error(serverMessage(e) ?? ALUMNI_TEXT.messageFailed);
        throw e;
      }
    },
  });
  const messageField = register('message');

  /** Puts a merge field at the cursor (or the end) of the message. */
  function insert(field: string) {
    const el = textRef.current;
    const text = getValues('message');
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setValue('message', text.slice(0, start) + field + text.slice(end), { shouldValidate: isSubmitted, shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + field.length, start + field.length);
    });
  }

  if (sent) {
    return (
      <div className="grid gap-4">
        <div className="grid gap-1 text-sm" role="status" data-testid="message-result">
          <p className="font-medium">{sent.message}</p>
          <p>{ALUMNI_TEXT.queued(sent.queued)}</p>
          {sent.withoutEmail.length > 0 ? <p>{ALUMNI_TEXT.withoutEmail(sent.withoutEmail.map((r) => r.name).join(', '))}</p> : null}
          {sent.notFound.length > 0 ? <p>{ALUMNI_TEXT.notFound(sent.notFound.length)}</p> : null}
        </div>
        <DialogFooter>
          <Button onClick={close}>{ALUMNI_TEXT.done}</Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
      <FormField label={ALUMNI_TEXT.subject} error={errors.subject?.message}>
        {(a) => <Input {...a} {...register('subject')} disabled={isSubmitting} />}
      </FormField>
      <FormField label={ALUMNI_TEXT.messageLabel} error={errors.message?.message}>
        {(a) => (
          <Textarea
            {...a}
            {...messageField}
            ref={(el) => {
              messageField.ref(el);
              textRef.current = el;
            }}
            rows={6}
            disabled={isSubmitting}
            placeholder="Dear {{name}}, ..."
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <p className="text-sm font-medium" id={mergeId}>
          {ALUMNI_TEXT.mergeFields}
        </p>
        <ul className="flex flex-wrap gap-2" aria-labelledby={mergeId}>
          {ALUMNI_MERGE_FIELDS.map((f) => (
            <li key={f}>
              <Button variant="outline" size="sm" className="font-mono" disabled={isSubmitting} onClick={() => insert(f)} aria-label={`Insert ${f}`}>
                {f}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <FormError message={formError} />
      <FormActions onCancel={close} busy={isSubmitting} submitLabel={ALUMNI_TEXT.send} busyLabel={ALUMNI_TEXT.sending} icon={<Send aria-hidden="true" />} />
    </form>
  );
}

function summary(answer: MessageSent): string {
  const parts: string[] = [ALUMNI_TEXT.queued(answer.queued)];
  if (answer.withoutEmail.length > 0) parts.push(ALUMNI_TEXT.withoutEmail(answer.withoutEmail.map((r) => r.name).join(', ')));
  return parts.join(' ');
}
