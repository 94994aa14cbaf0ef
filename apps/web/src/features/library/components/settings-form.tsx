import { LIBRARY_MSG } from '@crs/shared/messages/library';
import { BusyButton } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useLibrarySettings } from '../api/get-settings';
import type { LibrarySettings, LibrarySettingsView } from '../api/types';
import { useUpdateLibrarySettings } from '../api/update-settings';
import { settingsFormDefaults, settingsFormSchema, type SettingsFormValues } from '../settings-form';
import { LIBRARY_TEXT } from '../texts';
import { useServerForm } from '@/lib/use-server-form';

const FIELDS: { name: keyof LibrarySettings; label: string }[] = [
  { name: 'loanPeriodDays', label: 'Loan period (days)' },
  { name: 'maxActiveLoans', label: 'Books a member may hold' },
  { name: 'renewalsAllowed', label: 'Renewals per loan' },
  { name: 'graceDays', label: 'Grace days before fines' },
  { name: 'finePerDay', label: 'Fine per day (₹)' },
  { name: 'maxFinePerLoan', label: 'Largest fine per loan (₹)' },
  { name: 'finesBlockAt', label: 'Unpaid fines that block borrowing (₹, 0 = never)' },
  { name: 'replacementCost', label: 'Replacement cost of a lost copy with no price (₹)' },
  { name: 'accessionPrefix', label: 'Accession number prefix (new copies: PREFIX-000123)' },
  { name: 'holdPickupDays', label: 'Days to collect a hold from the hold shelf' },
];

/** The circulation rules (GET/PUT /library/settings). */
export function SettingsForm() {
  const settings = useLibrarySettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Circulation Rules</CardTitle>
        <CardDescription>Changes apply at once to books on loan; fines already fixed stay as they are.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? <Skeleton className="h-40" /> : settings.data ? <RulesForm key={settings.data.updatedAt} settings={settings.data} /> : null}
      </CardContent>
    </Card>
  );
}

function RulesForm({ settings }: { settings: LibrarySettingsView }) {
  const save = useUpdateLibrarySettings();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<SettingsFormValues, LibrarySettings>({
    schema: settingsFormSchema,
    defaultValues: settingsFormDefaults(settings),
    fields: FIELDS.map((f) => f.name),
    fallback: LIBRARY_TEXT.actionFailed,
    submit: async (values) => {
      await save.mutateAsync(values);
      toast.success(LIBRARY_MSG.librarySettingsSaved);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <FormField key={f.name} label={f.label} error={errors[f.name]?.message}>
            {(a) => <Input {...a} {...register(f.name)} inputMode="decimal" />}
          </FormField>
        ))}
      </div>
      <FormError message={formError} />
      <div>
        <BusyButton type="submit" busy={isSubmitting} label='Save Rules' busyLabel={LIBRARY_TEXT.updating} />
      </div>
    </form>
  );
}
