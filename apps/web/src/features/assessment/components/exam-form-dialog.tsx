import type { Path } from 'react-hook-form';
import { EXAM_KINDS, examEditFormSchema, examFormSchema } from '@crs/shared/schemas/assessment';
import { FormActions } from '@/components/ui/form-actions';
import { FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectOptions } from '@/components/ui/select-options';
import { collegeToday } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useExamClasses } from '../api/get-exam-classes';
import { useSaveExam } from '../api/save-exam';
import type { Exam, ExamFormValues } from '../api/types';
import { ASSESSMENT_TEXT as T } from '../texts';

export const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';


const FIELDS: readonly Path<ExamFormValues>[] = ['name', 'classKey', 'kind', 'maxMarks', 'weight', 'date'];
/** Server refusals that belong to one field: a class nobody teaches, a maximum below entered marks. */
const CODE_FIELDS: Record<string, Path<ExamFormValues>> = { CLASS_NOT_FOUND: 'classKey', CLASS_NOT_TAUGHT: 'classKey', NOT_YOUR_EXAM: 'classKey', MARKS_ABOVE_MAX: 'maxMarks' };

/** 'New exam' or 'Edit exam' in a dialog; its body mounts fresh on every opening. */
export function ExamFormDialog({ open, onOpenChange, exam }: { open: boolean; onOpenChange: (open: boolean) => void; exam: Exam | null }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={exam ? T.editTitle : T.createTitle}>
      {(close) => <ExamForm exam={exam} onDone={close} />}
    </FormDialog>
  );
}

/**
 * The exam form on the shared schema (examFormSchema; editing: examEditFormSchema), validated on
 * submit and again on change. A new exam is for one of the caller's classes (their teaching
 * assignments; Admin: any taught class); an exam's class never changes.
 */
function ExamForm({ exam, onDone }: { exam: Exam | null; onDone: () => void }) {
  const save = useSaveExam();
  const classes = useExamClasses(!exam);
  const { register, onSubmit, formError, formState: { errors, isSubmitting } } = useServerForm<ExamFormValues, ExamFormValues>({
    schema: exam ? examEditFormSchema : examFormSchema,
    defaultValues: exam
      ? { name: exam.name, kind: exam.kind, maxMarks: exam.maxMarks, weight: exam.weight, date: exam.date }
      : { name: '', classKey: '', kind: 'internal', maxMarks: 50, weight: 20, date: collegeToday() },
    fields: FIELDS,
    fallback: T.saveFailed,
    codeFields: CODE_FIELDS,
    submit: async ({ classKey, ...fields }) => {
      const input = exam ? fields : { ...fields, subjectId: classKey.split('|')[0]!, sectionId: classKey.split('|')[1]! };
      const { message } = await save.mutateAsync({ id: exam?._id, input });
      if (message) toast.success(message);
      onDone();
    },
  });
  const options = classes.data ?? [];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label={T.name} error={errors.name?.message}>
            {(a) => <Input {...a} {...register('name')} placeholder={T.namePlaceholder} autoComplete="off" />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          {exam ? (
            <div className="grid gap-1 text-sm">
              <span className="font-medium">{T.class}</span>
              <span>
                {exam.label} — {exam.subjectName}
              </span>
              <span className="text-muted-foreground">{T.classFixed}</span>
            </div>
          ) : (
            <FormField label={T.class} error={errors.classKey?.message}>
              {(a) => (
                <select {...a} {...register('classKey')} className={selectClass} disabled={classes.isPending}>
                  <SelectOptions none={T.classPlaceholder} options={options} />
                </select>
              )}
            </FormField>
          )}
          {!exam && classes.isError ? <FormError message={T.classesFailed} className="mt-2" /> : null}
          {!exam && classes.isSuccess && options.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{T.noClasses}</p> : null}
        </div>
        <FormField label={T.kind} error={errors.kind?.message}>
          {(a) => (
            <select {...a} {...register('kind')} className={selectClass}>
              <SelectOptions options={EXAM_KINDS.map((k) => ({ value: k, label: T.kinds[k] }))} />
            </select>
          )}
        </FormField>
        <FormField label={T.date} error={errors.date?.message}>
          {(a) => <Input {...a} {...register('date')} type="date" />}
        </FormField>
        <FormField label={T.maxMarks} error={errors.maxMarks?.message}>
          {(a) => <Input {...a} {...register('maxMarks', { valueAsNumber: true })} type="number" inputMode="numeric" min={1} max={1000} step={1} />}
        </FormField>
        <FormField label={T.weight} error={errors.weight?.message}>
          {(a) => <Input {...a} {...register('weight', { valueAsNumber: true })} type="number" inputMode="decimal" min={0} max={100} step={0.01} title={T.weightHint} />}
        </FormField>
      </div>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={exam ? T.saveChanges : T.create} busyLabel={T.updating} />
    </form>
  );
}
