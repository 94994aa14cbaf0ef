import type { Path } from 'react-hook-form';
import type { Role } from '@crs/shared/roles';
import { BLOOD_GROUPS, createUserSchema, updateUserSchema, type CreateUserInput, type Person } from '@crs/shared/schemas/users';
import { Button } from '@/components/ui/button';
import { DialogFooter, FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useCreatePerson, useUpdatePerson } from '../api/save-person';
import { PEOPLE_TEXT } from '../texts';

type Values = {
  name: string;
  email: string;
  phone: string;
  department: string;
  section: string;
  studentId: string;
  employeeId: string;
  bloodGroup: string;
  roles: Role[];
};
type TextField = Exclude<keyof Values, 'roles' | 'bloodGroup'>;

const FIELDS: { name: TextField; type?: string; inputMode?: 'tel' | 'email'; placeholder?: string; wide?: boolean }[] = [
  { name: 'name', wide: true },
  { name: 'email', type: 'email' },
  { name: 'phone', type: 'tel', inputMode: 'tel', placeholder: '9845012345' },
  { name: 'department', placeholder: 'Computer Science and Engineering' },
  { name: 'section', placeholder: 'CSE-3A' },
  { name: 'studentId', placeholder: 'STU001234' },
  { name: 'employeeId', placeholder: 'EMP0456' },
];
const FORM_FIELDS: Path<Values>[] = [...FIELDS.map((f) => f.name), 'bloodGroup', 'roles'];
const CODE_FIELDS: Record<string, Path<Values>> = { EMAIL_TAKEN: 'email', STUDENT_ID_TAKEN: 'studentId', EMPLOYEE_ID_TAKEN: 'employeeId', SUPERADMIN_ONLY: 'roles', LAST_SUPERADMIN: 'roles', STUDENT_ID_NOT_STUDENT: 'studentId' };

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

function defaultsOf(person: Person | undefined, newRole: Role): Values {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    department: person?.department ?? '',
    section: person?.section ?? '',
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
export function PersonFormDialog({
  open,
  onOpenChange,
  person,
  newRole,
  grantable,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  person: Person | null;
  newRole: Role;
  grantable: readonly Role[];
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={person ? PEOPLE_TEXT.editTitle : PEOPLE_TEXT.createTitle} description={person ? undefined : PEOPLE_TEXT.createDescription} wide>
      {(close) => <PersonForm person={person ?? undefined} newRole={newRole} grantable={grantable} onCancel={close} onDone={close} />}
    </FormDialog>
  );
}

export function PersonForm({ person, newRole, grantable, onDone, onCancel }: { person: Person | undefined; newRole: Role; grantable: readonly Role[]; onDone: () => void; onCancel: () => void }) {
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<Values, CreateUserInput>({
    schema: person ? updateUserSchema : createUserSchema,
    defaultValues: defaultsOf(person, newRole),
    fields: FORM_FIELDS,
    fallback: PEOPLE_TEXT.saveFailed,
    codeFields: CODE_FIELDS,
    submit: async (values) => {
      try {
        const { message } = person ? await update.mutateAsync({ id: person._id, patch: values }) : await create.mutateAsync(values);
        toast.success(message);
        onDone();
      } catch (e) {
        toast.error(serverMessage(e) ?? PEOPLE_TEXT.saveFailed);
        throw e;
      }
    },
  });
  // Roles the caller may not grant but the person holds stay visible (disabled) so nothing is hidden.
  const shownRoles = [...grantable, ...(person?.roles.filter((r) => !grantable.includes(r)) ?? [])];
  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
            <FormField label={PEOPLE_TEXT.fields[f.name]} error={errors[f.name]?.message}>
              {(a) => <Input {...a} {...register(f.name)} type={f.type} inputMode={f.inputMode} placeholder={f.placeholder} />}
            </FormField>
          </div>
        ))}
        <FormField label={PEOPLE_TEXT.fields.bloodGroup} error={errors.bloodGroup?.message}>
          {(a) => (
            <select {...a} {...register('bloodGroup')} className={selectClass}>
              <option value="">{PEOPLE_TEXT.bloodGroupNone}</option>
              {BLOOD_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby="roles-hint">
        <legend className="mb-1 text-sm font-medium">{PEOPLE_TEXT.rolesLegend}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {shownRoles.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" value={r} disabled={!grantable.includes(r)} {...register('roles')} />
              {r}
            </label>
          ))}
        </div>
        <p id="roles-hint" className="text-xs text-muted-foreground">
          {PEOPLE_TEXT.rolesHint}
        </p>
        {errors.roles?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.roles.message}
          </p>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {PEOPLE_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? PEOPLE_TEXT.saving : person ? PEOPLE_TEXT.save : PEOPLE_TEXT.createSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}
