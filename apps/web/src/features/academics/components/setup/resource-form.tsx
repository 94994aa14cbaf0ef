import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';
import { FormActions } from '@/components/ui/form-actions';
import { FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectOptions } from '@/components/ui/select-options';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useSaveResource, type Resource } from '../../api/setup-resources';
import { ACADEMICS_TEXT as T } from '../../texts';

export type Option = { value: string; label: string };

/** One field of a setup form: a text, number or time input, or a select of options. */
export type FieldDef<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  kind?: 'text' | 'number' | 'time' | 'select';
  options?: readonly Option[];
  /** A select whose values are numbers (a weekday). */
  numeric?: boolean;
  placeholder?: string;
  /** Spans both columns on a wide dialog. */
  wide?: boolean;
  /** Above the control (a filter for a long select). */
  before?: ReactNode;
};

export const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

function Control<V extends FieldValues>({ field, register, a }: { field: FieldDef<V>; register: UseFormRegister<V>; a: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined } }) {
  if (field.kind === 'select') {
    return (
      <select {...a} {...register(field.name, { valueAsNumber: field.numeric ?? false })} className={selectClass}>
        <SelectOptions none={field.placeholder ?? 'Choose…'} options={field.options ?? []} />
      </select>
    );
  }
  if (field.kind === 'number') return <Input {...a} {...register(field.name, { valueAsNumber: true })} inputMode="numeric" placeholder={field.placeholder} />;
  return <Input {...a} {...register(field.name)} type={field.kind === 'time' ? 'time' : 'text'} placeholder={field.placeholder} />;
}

type ResourceFormProps<V extends FieldValues, I> = {
  resource: Resource<I>;
  /** The shared create schema (the server checks the same). */
  schema: Parameters<typeof zodResolver>[0];
  fields: readonly FieldDef<V>[];
  defaults: V;
  /** The record being edited, else a new one. */
  id?: string;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * A create/edit form of the academic setup: validated with the shared schema on submit and on
 * change; the server's refusals (a taken code, a double-booked slot: 409) show on the form.
 */
export function ResourceForm<V extends FieldValues, I>({ resource, schema, fields, defaults, id, onDone, onCancel }: ResourceFormProps<V, I>) {
  const save = useSaveResource(resource);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<V, object>({
    schema,
    defaultValues: defaults as never,
    fields: fields.map((f) => f.name),
    fallback: T.actionFailed,
    submit: async (values) => {
      const { message } = await save.mutateAsync({ id, input: values });
      toast.success(message);
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <div key={f.name} className={f.wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
            {f.before}
            <FormField label={f.label} error={(errors as Record<string, { message?: string } | undefined>)[f.name]?.message}>
              {(a) => <Control field={f} register={register} a={a} />}
            </FormField>
          </div>
        ))}
      </div>
      <FormError message={formError} />
      <FormActions onCancel={onCancel} busy={isSubmitting} submitLabel={id ? T.saveChanges : T.create} busyLabel={T.updating} />
    </form>
  );
}

/** The dialog around a ResourceForm. */
export function ResourceFormDialog({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: (close: () => void) => ReactNode }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title}>
      {children}
    </FormDialog>
  );
}
