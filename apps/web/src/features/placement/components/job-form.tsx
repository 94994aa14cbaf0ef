import { useState } from 'react';
import type { z } from 'zod';
import { createJobSchema, JOB_STATUSES } from '@crs/shared/schemas/placement';
import type { CreateJob, Job } from '@crs/shared/schemas/placement';
import { FormActions } from '@/components/ui/form-actions';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useDepartments, useSaveJob } from '../api/jobs';
import { PLACEMENT_TEXT } from '../texts';

type FormValues = z.input<typeof createJobSchema>;
const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Post or edit a drive: company, role, description, location, package, eligibility, deadline, open/closed. */
export function JobForm({ job, onDone }: { job: Job | undefined; onDone: () => void }) {
  const save = useSaveJob();
  const departments = useDepartments();
  const [eligible, setEligible] = useState<string[]>(job?.eligibleDepartments.map((d) => d._id) ?? []);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<FormValues, CreateJob>({
    schema: createJobSchema,
    defaultValues: {
      company: job?.company ?? '',
      role: job?.role ?? '',
      description: job?.description ?? '',
      location: job?.location ?? '',
      packageLpa: job?.packageLpa,
      minCgpa: job?.minCgpa ?? null,
      deadline: job?.deadline ?? '',
      status: job?.status ?? 'open',
    },
    fields: ['company', 'role', 'description', 'location', 'packageLpa', 'minCgpa', 'deadline', 'status'],
    fallback: PLACEMENT_TEXT.saveFailed,
    submit: async (values) => {
      const { message } = await save.mutateAsync({ id: job?._id, input: { ...values, eligibleDepartmentIds: eligible } });
      toast.success(message);
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={PLACEMENT_TEXT.company} error={errors.company?.message}>
          {(a) => <Input {...a} {...register('company')} placeholder="Infosys" />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.role} error={errors.role?.message}>
          {(a) => <Input {...a} {...register('role')} placeholder="Systems Engineer" />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.location} error={errors.location?.message}>
          {(a) => <Input {...a} {...register('location')} placeholder="Bengaluru" />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.packageLabel} error={errors.packageLpa?.message}>
          {(a) => <Input {...a} type="number" inputMode="decimal" step="0.01" min={0} {...register('packageLpa', { setValueAs: numberOrNull })} />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.minCgpaLabel} error={errors.minCgpa?.message}>
          {(a) => <Input {...a} type="number" inputMode="decimal" step="0.01" min={0} max={10} {...register('minCgpa', { setValueAs: numberOrNull })} />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.deadlineLabel} error={errors.deadline?.message}>
          {(a) => <Input {...a} type="date" {...register('deadline')} />}
        </FormField>
        <FormField label={PLACEMENT_TEXT.status} error={errors.status?.message}>
          {(a) => (
            <select {...a} {...register('status')} className={selectClass}>
              {JOB_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s === 'open' ? PLACEMENT_TEXT.open : PLACEMENT_TEXT.closed}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label={PLACEMENT_TEXT.description} error={errors.description?.message}>
        {(a) => <Textarea {...a} {...register('description')} rows={4} />}
      </FormField>
      {departments.isPending ? (
        <Skeleton className="h-12" />
      ) : departments.isError ? null : (
        <div className="grid gap-1">
          <CheckboxGroup legend={PLACEMENT_TEXT.eligibleDepartments} options={departments.data.map((d) => ({ id: d._id, label: d.code }))} value={eligible} onChange={setEligible} />
          <p className="text-xs text-muted-foreground">{PLACEMENT_TEXT.eligibleHint}</p>
        </div>
      )}
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={job ? PLACEMENT_TEXT.save : PLACEMENT_TEXT.post} busyLabel={PLACEMENT_TEXT.saving} />
    </form>
  );
}
