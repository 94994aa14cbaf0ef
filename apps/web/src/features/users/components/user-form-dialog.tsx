import type { Path } from 'react-hook-form';
import type { Role } from '@crs/shared/roles';
import { BLOOD_GROUPS, createUserSchema, updateUserSchema, type CreateUserInput, type AdminUser, type UpdateUserInput } from '@crs/shared/schemas/users';
import { FormActions } from '@/components/ui/form-actions';
import { FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectOptions } from '@/components/ui/select-options';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useAcademicChoices } from '../api/get-academic-choices';
import { useCreateUser, useUpdateUser } from '../api/save-user';
import { USERS_TEXT } from '../texts';

type Values = {
  name: string;
  email: string;
  phone: string;
  departmentId: string;
  sectionId: string;
  studentId: string;
  employeeId: string;
  bloodGroup: string;
  roles: Role[];
};
type TextField = Exclude<keyof Values, 'roles' | 'bloodGroup' | 'departmentId' | 'sectionId'>;

const FIELDS: { name: TextField; type?: string; inputMode?: 'tel' | 'email'; placeholder?: string; wide?: boolean }[] = [
  { name: 'name', wide: true },
  { name: 'email', type: 'email' },
  { name: 'phone', type: 'tel', inputMode: 'tel', placeholder: '9845012345' },
  { name: 'studentId', placeholder: 'STU001234' },
  { name: 'employeeId', placeholder: 'EMP0456' },
];
const FORM_FIELDS: Path<Values>[] = [...FIELDS.map((f) => f.name), 'departmentId', 'sectionId', 'bloodGroup', 'roles'];
const CODE_FIELDS: Record<string, Path<Values>> = {
  EMAIL_TAKEN: 'email',
  STUDENT_ID_TAKEN: 'studentId',
  EMPLOYEE_ID_TAKEN: 'employeeId',
  SUPERADMIN_ONLY: 'roles',
  LAST_SUPERADMIN: 'roles',
  STUDENT_ID_NOT_STUDENT: 'studentId',
  DEPARTMENT_NOT_FOUND: 'departmentId',
  SECTION_NOT_FOUND: 'sectionId',
  SECTION_NOT_STUDENT: 'sectionId',
  SECTION_OTHER_DEPARTMENT: 'sectionId',
};

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

/** A disabled select in place of one whose options are still loading. */
function LoadingSelect(a: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) {
  return (
    <select {...a} className={selectClass} disabled>
      <option>{USERS_TEXT.choicesLoading}</option>
    </select>
  );
}

function defaultsOf(person: AdminUser | undefined, newRole: Role): Values {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    departmentId: person?.departmentId ?? '',
    sectionId: person?.sectionId ?? '',
    studentId: person?.studentId ?? '',
    employeeId: person?.employeeId ?? '',
    bloodGroup: person?.bloodGroup ?? '',
    roles: person ? [...person.roles] : [newRole],
  };
}

/**
 * 'Add a person' (no `person`) or 'Edit person' over the shared schemas (createUserSchema /
 * updateUserSchema). Role boxes show only the roles the caller may grant (the server enforces it
 * again); refusals land on their fields.
 */
export function UserFormDialog({
  open,
  onOpenChange,
  person,
  newRole,
  grantable,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  person: AdminUser | null;
  newRole: Role;
  grantable: readonly Role[];
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={person ? USERS_TEXT.editTitle : USERS_TEXT.createTitle} description={person ? undefined : USERS_TEXT.createDescription} wide>
      {(close) => <UserForm person={person ?? undefined} newRole={newRole} grantable={grantable} onCancel={close} onDone={close} />}
    </FormDialog>
  );
}

export function UserForm({ person, newRole, grantable, onDone, onCancel }: { person: AdminUser | undefined; newRole: Role; grantable: readonly Role[]; onDone: () => void; onCancel: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const choices = useAcademicChoices();
  const { register, onSubmit, formError, watch, setValue, getValues, formState: { errors, isSubmitting } } = useServerForm<Values, CreateUserInput>({
    schema: person ? updateUserSchema : createUserSchema,
    defaultValues: defaultsOf(person, newRole),
    fields: FORM_FIELDS,
    fallback: USERS_TEXT.saveFailed,
    codeFields: CODE_FIELDS,
    submit: async (parsed) => {
      // Only a Student has a section; on an edit, an unchanged department or section is not sent, so
      // a legacy value no Academics record matched stays as typed (decision 0036).
      const values: UpdateUserInput & CreateUserInput = { ...parsed, sectionId: parsed.roles.includes('Student') ? (parsed.sectionId ?? null) : null };
      if (person && (values.departmentId ?? null) === person.departmentId) delete values.departmentId;
      if (person && (values.sectionId ?? null) === person.sectionId) delete values.sectionId;
      try {
        const { message } = person ? await update.mutateAsync({ id: person._id, patch: values }) : await create.mutateAsync(values);
        toast.success(message);
        onDone();
      } catch (e) {
        toast.error(serverMessage(e) ?? USERS_TEXT.saveFailed);
        throw e;
      }
    },
  });
  // Roles the caller may not grant but the person holds stay visible (disabled) so nothing is hidden.
  const shownRoles = [...grantable, ...(person?.roles.filter((r) => !grantable.includes(r)) ?? [])];
  const departmentId = watch('departmentId');
  const isStudent = (watch('roles') ?? []).includes('Student');
  const departments = choices.data?.departments ?? [];
  const sections = (choices.data?.sections ?? []).filter((x) => x.departmentId === departmentId);
  const departmentField = register('departmentId', {
    // A section of another department no longer fits: the student has none until one is chosen.
    onChange: () => {
      const chosen = choices.data?.sections.find((x) => x._id === getValues('sectionId'));
      if (chosen && chosen.departmentId !== getValues('departmentId')) setValue('sectionId', '');
    },
  });
  const legacyDepartment = person && !person.departmentId && person.department ? person.department : null;
  const legacySection = person && !person.sectionId && person.section ? person.section : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
            <FormField label={USERS_TEXT.fields[f.name]} error={errors[f.name]?.message}>
              {(a) => <Input {...a} {...register(f.name)} type={f.type} inputMode={f.inputMode} placeholder={f.placeholder} />}
            </FormField>
          </div>
        ))}
        <div>
          <FormField label={USERS_TEXT.fields.department} error={errors.departmentId?.message}>
            {(a) =>
              // Mounted once the choices are there, so the select shows the person's department (the form keeps the value meanwhile).
              choices.data ? (
                <select {...a} {...departmentField} className={selectClass}>
                  <SelectOptions none={USERS_TEXT.departmentNone} options={departments.map((d) => ({ value: d._id, label: d.name }))} />
                </select>
              ) : (
                <LoadingSelect {...a} />
              )
            }
          </FormField>
          {legacyDepartment ? <p className="mt-1 text-xs text-muted-foreground">{USERS_TEXT.legacyValue(legacyDepartment)}</p> : null}
        </div>
        {isStudent ? (
          <div>
            <FormField label={USERS_TEXT.fields.section} error={errors.sectionId?.message}>
              {(a) =>
                choices.data ? (
                  <select {...a} {...register('sectionId')} className={selectClass} disabled={!departmentId}>
                    <option value="">{departmentId ? USERS_TEXT.sectionNone : USERS_TEXT.sectionPickDepartment}</option>
                    {sections.map((x) => (
                      <option key={x._id} value={x._id}>
                        {x.name} ({x.academicYear})
                      </option>
                    ))}
                  </select>
                ) : (
                  <LoadingSelect {...a} />
                )
              }
            </FormField>
            <p className="mt-1 text-xs text-muted-foreground">{legacySection ? USERS_TEXT.legacyValue(legacySection) : USERS_TEXT.sectionHint}</p>
          </div>
        ) : null}
        <FormField label={USERS_TEXT.fields.bloodGroup} error={errors.bloodGroup?.message}>
          {(a) => (
            <select {...a} {...register('bloodGroup')} className={selectClass}>
              <SelectOptions none={USERS_TEXT.bloodGroupNone} options={BLOOD_GROUPS.map((g) => ({ value: g, label: g }))} />
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby="roles-hint">
        <legend className="mb-1 text-sm font-medium">{USERS_TEXT.rolesLegend}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {shownRoles.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" value={r} disabled={!grantable.includes(r)} {...register('roles')} />
              {r}
            </label>
          ))}
        </div>
        <p id="roles-hint" className="text-xs text-muted-foreground">
          {USERS_TEXT.rolesHint}
        </p>
        {errors.roles?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.roles.message}
          </p>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      <FormActions onCancel={onCancel} busy={isSubmitting} submitLabel={person ? USERS_TEXT.save : USERS_TEXT.createSubmit} busyLabel={USERS_TEXT.saving} />
    </form>
  );
}
