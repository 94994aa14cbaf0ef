import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CALENDAR_EVENT_KINDS, CALENDAR_SCOPES, createCalendarEventBody, type CalendarEvent, type CreateCalendarEventBody } from '@crs/shared/schemas/calendar';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { SelectOptions } from '@/components/ui/select-options';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { saveCalendarEvent, useAudiences } from '../api/calendar';
import { calendarKeys } from '../api/keys';
import { CALENDAR_TEXT as T, EVENT_KIND_LABELS, SCOPE_LABELS } from '../texts';

type FormValues = z.input<typeof createCalendarEventBody>;

const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm';
/** An empty input is "not given" (null), as the contract's nullish fields read it. */
const orNull = { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) };

/**
 * Add or edit a calendar entry with the contract's schema (the same rules the server applies: end
 * not before start, both times or neither, times on events only, the department or section its
 * scope needs). Staff write events only: the kind is fixed for them. A refusal's field errors land
 * on their fields; the success toast is the server's message.
 */
export function EventForm({ entry, day, eventsOnly, onDone }: { entry: CalendarEvent | undefined; day: string; eventsOnly: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const audiences = useAudiences(true);
  const {
    register,
    watch,
    setValue,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<FormValues, CreateCalendarEventBody>({
    schema: createCalendarEventBody,
    defaultValues: {
      kind: entry?.kind ?? (eventsOnly ? 'event' : 'holiday'),
      title: entry?.title ?? '',
      description: entry?.description ?? null,
      startDate: entry?.startDate ?? day,
      endDate: entry ? entry.endDate : null,
      startTime: entry?.startTime ?? null,
      endTime: entry?.endTime ?? null,
      scope: entry?.scope ?? 'college',
      departmentId: entry?.departmentId ?? null,
      sectionId: entry?.sectionId ?? null,
    },
    fields: ['kind', 'title', 'description', 'startDate', 'endDate', 'startTime', 'endTime', 'scope', 'departmentId', 'sectionId'],
    fallback: T.saveFailed,
    submit: async (values) => {
      // Only the scope's own picker is sent; the others are cleared.
      const input: CreateCalendarEventBody = {
        ...values,
        departmentId: values.scope === 'department' ? (values.departmentId ?? null) : null,
        sectionId: values.scope === 'section' ? (values.sectionId ?? null) : null,
      };
      try {
        const answer = await saveCalendarEvent({ id: entry?._id, input });
        toast.success(answer.message);
        onDone();
      } finally {
        await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      }
    },
  });
  const kind = watch('kind');
  const scope = watch('scope');
  // Holidays and exam periods last whole days: times typed for an event go when the kind changes.
  useEffect(() => {
    if (kind === 'event') return;
    setValue('startTime', null);
    setValue('endTime', null);
  }, [kind, setValue]);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {eventsOnly ? (
          <p className="grid gap-2 text-sm">
            <span className="font-medium">{T.kind}</span>
            <span>{EVENT_KIND_LABELS.event}</span>
          </p>
        ) : (
          <FormField label={T.kind} error={errors.kind?.message}>
            {(a) => (
              <select {...a} {...register('kind')} className={selectClass}>
                <SelectOptions options={CALENDAR_EVENT_KINDS.map((k) => ({ value: k, label: EVENT_KIND_LABELS[k] }))} />
              </select>
            )}
          </FormField>
        )}
        <FormField label={T.scope} error={errors.scope?.message}>
          {(a) => (
            <select {...a} {...register('scope')} className={selectClass}>
              <SelectOptions options={CALENDAR_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))} />
            </select>
          )}
        </FormField>
      </div>
      <FormField label={T.entryTitle} error={errors.title?.message}>
        {(a) => <Input {...a} {...register('title')} placeholder="Republic Day" />}
      </FormField>
      <FormField label={T.entryDescription} error={errors.description?.message}>
        {(a) => <Textarea {...a} {...register('description', orNull)} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={T.startDate} error={errors.startDate?.message}>
          {(a) => <Input {...a} type="date" {...register('startDate')} />}
        </FormField>
        <FormField label={T.endDate} error={errors.endDate?.message}>
          {(a) => <Input {...a} type="date" {...register('endDate', orNull)} />}
        </FormField>
      </div>
      {kind === 'event' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={T.startTime} error={errors.startTime?.message}>
              {(a) => <Input {...a} type="time" {...register('startTime', orNull)} />}
            </FormField>
            <FormField label={T.endTime} error={errors.endTime?.message}>
              {(a) => <Input {...a} type="time" {...register('endTime', orNull)} />}
            </FormField>
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">{T.timesHint}</p>
        </>
      ) : null}
      {scope === 'department' || scope === 'section' ? (
        <QueryState query={audiences} error={T.audiencesFailed} skeletons={['h-10']}>
          {(data) =>
            scope === 'department' ? (
              <FormField label={T.department} error={errors.departmentId?.message}>
                {(a) => (
                  <select {...a} {...register('departmentId', orNull)} className={selectClass}>
                    <SelectOptions none={T.choose} options={data.departments.map((d) => ({ value: d._id, label: `${d.code} · ${d.name}` }))} />
                  </select>
                )}
              </FormField>
            ) : (
              <FormField label={T.section} error={errors.sectionId?.message}>
                {(a) => (
                  <select {...a} {...register('sectionId', orNull)} className={selectClass}>
                    <SelectOptions none={T.choose} options={data.sections.map((s) => ({ value: s._id, label: `${s.name} (${s.department})` }))} />
                  </select>
                )}
              </FormField>
            )
          }
        </QueryState>
      ) : null}
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={entry ? T.save : T.create} busyLabel={T.saving} />
    </form>
  );
}
