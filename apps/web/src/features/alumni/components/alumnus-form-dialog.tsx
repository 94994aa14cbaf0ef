import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { ALUMNI_MAX_EXPERIENCES, ALUMNI_VISIBILITIES, createAlumnusSchema, GRADUATION_YEAR_MIN, maxGraduationYear, updateAlumnusSchema, type CreateAlumnusInput } from '@crs/shared/schemas/alumni';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateAlumnus } from '../api/create-alumnus';
import type { Alumnus, AlumnusFormValues } from '../api/types';
import { useUpdateAlumnus } from '../api/update-alumnus';
import { alumnusFormDefaults, createPayload, EMPTY_EXPERIENCE, updatePayload } from '../alumnus-form';
import { ALUMNI_TEXT } from '../texts';

type TextField = Exclude<keyof AlumnusFormValues, 'experiences' | 'visibility'>;
const FIELDS: { name: TextField; label: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'url'; wide?: boolean; placeholder?: string }[] = [
  { name: 'name', label: 'Name', wide: true },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'enrollmentNo', label: 'Enrollment Number' },
  { name: 'batch', label: 'Batch', placeholder: '2014-2018' },
  { name: 'department', label: 'Department' },
  { name: 'degree', label: 'Degree', placeholder: 'B.Tech' },
  { name: 'specialization', label: 'Specialization' },
  { name: 'graduationYear', label: 'Graduation Year', type: 'number', inputMode: 'numeric' },
  { name: 'currentCompany', label: 'Current Company' },
  { name: 'currentRole', label: 'Current Role' },
  { name: 'linkedin', label: 'LinkedIn', type: 'url', placeholder: 'https://www.linkedin.com/in/...' },
  { name: 'location', label: 'Location' },
];
const EXPERIENCE_PARTS = ['company', 'role', 'startDate', 'endDate', 'currentlyWorking', 'description'] as const;

/** Every field a server's 400 may name, experiences' parts included (`experiences.2.role`). */
const FORM_FIELDS: Path<AlumnusFormValues>[] = [
  ...FIELDS.map((f) => f.name),
  'about',
  'tags',
  'visibility',
  'experiences',
  ...Array.from({ length: ALUMNI_MAX_EXPERIENCES }, (_, i) => EXPERIENCE_PARTS.map((p) => `experiences.${i}.${p}` as const)).flat(),
];

/** Server codes that belong to one field. */
const CODE_FIELD: Record<string, Path<AlumnusFormValues>> = { ALUMNI_EMAIL_TAKEN: 'email', ENROLLMENT_TAKEN: 'enrollmentNo' };

/**
 * 'Create New Alumnus' (no `alumnus`) or 'Edit Alumni Profile': one form over the shared schema
 * (createAlumnusSchema / updateAlumnusSchema), validated on submit and again on change. Server
 * refusals land on their fields; the toast says the server's message or 'An unexpected error occurred'.
 */
export function AlumnusFormDialog({
  open,
  onOpenChange,
  alumnus,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  alumnus?: Alumnus | null;
  onSaved?: (saved: Alumnus) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={alumnus ? ALUMNI_TEXT.editTitle : ALUMNI_TEXT.createTitle} wide>
      {(close) => (
        <AlumnusForm
          alumnus={alumnus ?? undefined}
          onCancel={close}
          onDone={(saved) => {
            close();
            onSaved?.(saved);
          }}
        />
      )}
    </FormDialog>
  );
}

export function AlumnusForm({ alumnus, onDone, onCancel }: { alumnus: Alumnus | undefined; onDone: (saved: Alumnus) => void; onCancel: () => void }) {
  const create = useCreateAlumnus();
  const update = useUpdateAlumnus();
  const defaults = alumnusFormDefaults(alumnus);
  const { register, control, reset, onSubmit, formError, formState: { errors, isSubmitting } } = useServerForm<AlumnusFormValues, CreateAlumnusInput>({
    schema: alumnus ? updateAlumnusSchema : createAlumnusSchema,
    defaultValues: defaults,
    fields: FORM_FIELDS,
    fallback: alumnus ? ALUMNI_TEXT.updateFailed : ALUMNI_TEXT.createFailed,
    codeFields: CODE_FIELD,
    submit: async (values) => {
      try {
        const { message, alumnus: saved } = alumnus
          ? await update.mutateAsync({ id: alumnus._id, patch: updatePayload(values, alumnus) })
          : await create.mutateAsync(createPayload(values));
        toast.success(message);
        onDone(saved);
      } catch (e) {
        toast.error(serverMessage(e) ?? ALUMNI_TEXT.unexpected);
        throw e;
      }
    },
  });
  const experiences = useFieldArray({ control, name: 'experiences' });
  const working = useWatch({ control, name: 'experiences' });

  const yearMax = maxGraduationYear();
  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
            <FormField label={f.label} error={errors[f.name]?.message}>
              {(a) => (
                <Input
                  {...a}
                  {...register(f.name)}
                  type={f.type}
                  inputMode={f.inputMode}
                  placeholder={f.placeholder}
                  {...(f.name === 'graduationYear' ? { min: GRADUATION_YEAR_MIN, max: yearMax, step: 1 } : {})}
                />
              )}
            </FormField>
          </div>
        ))}
        <FormField label="Visibility" error={errors.visibility?.message}>
          {(a) => (
            <select {...a} {...register('visibility')} className="h-10 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {ALUMNI_VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {v === 'public' ? 'Public' : 'Private (faculty only)'}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="About" error={errors.about?.message}>
            {(a) => <Textarea {...a} {...register('about')} rows={3} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField label="Tags" error={errors.tags?.message}>
            {(a) => <Input {...a} {...register('tags')} placeholder={ALUMNI_TEXT.tagsHint} />}
          </FormField>
        </div>
      </div>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-2 text-base font-semibold">{ALUMNI_TEXT.experiences}</legend>
        {errors.experiences?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.experiences.message}
          </p>
        ) : null}
        {experiences.fields.map((field, i) => {
          const e = errors.experiences?.[i];
          const current = working?.[i]?.currentlyWorking ?? false;
          return (
            <div key={field.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2" data-testid="experience-fields" role="group" aria-label={`Experience ${i + 1}`}>
              <FormField label="Company" error={e?.company?.message}>
                {(a) => <Input {...a} {...register(`experiences.${i}.company`)} />}
              </FormField>
              <FormField label="Role" error={e?.role?.message}>
                {(a) => <Input {...a} {...register(`experiences.${i}.role`)} />}
              </FormField>
              <FormField label="Start Date" error={e?.startDate?.message}>
                {(a) => <Input {...a} {...register(`experiences.${i}.startDate`)} type="date" />}
              </FormField>
              <FormField label="End Date" error={e?.endDate?.message}>
                {(a) => <Input {...a} {...register(`experiences.${i}.endDate`)} type="date" disabled={current} />}
              </FormField>
              <div className="flex items-center gap-2 sm:col-span-2">
                <input id={`${field.id}-current`} type="checkbox" className="size-4" {...register(`experiences.${i}.currentlyWorking`)} />
                <Label htmlFor={`${field.id}-current`}>{ALUMNI_TEXT.currentPosition}</Label>
              </div>
              <div className="sm:col-span-2">
                <FormField label="Description" error={e?.description?.message}>
                  {(a) => <Textarea {...a} {...register(`experiences.${i}.description`)} rows={2} />}
                </FormField>
              </div>
              <Button variant="ghost" size="sm" className="w-fit text-destructive" onClick={() => experiences.remove(i)}>
                <Trash2 aria-hidden="true" />
                {ALUMNI_TEXT.removeExperience(i + 1)}
              </Button>
            </div>
          );
        })}
        <Button variant="outline" size="sm" className="w-fit" onClick={() => experiences.append({ ...EMPTY_EXPERIENCE })}>
          <Plus aria-hidden="true" />
          {ALUMNI_TEXT.addExperience}
        </Button>
      </fieldset>

      <FormError message={formError} />
      <FormActions onCancel={onCancel} busy={isSubmitting} submitLabel={alumnus ? ALUMNI_TEXT.updateSubmit : ALUMNI_TEXT.createSubmit} busyLabel={ALUMNI_TEXT.pending}>
        <Button variant="outline" onClick={() => reset(defaults)} disabled={isSubmitting}>
          {ALUMNI_TEXT.resetForm}
        </Button>
      </FormActions>
    </form>
  );
}
