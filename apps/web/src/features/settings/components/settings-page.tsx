import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { LOGO_ACCEPT, SETTINGS_FIELDS, settingsValuesSchema, STUDENT_REGISTRATION } from '@crs/shared/schemas/settings';
import type { Settings, SettingsPatch, SettingsValues } from '@crs/shared/schemas/settings';
import { PageHeader } from '@/components/layout/page';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { QueryState } from '@/components/ui/query-state';
import { applyServerErrors } from '@/lib/error-details';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { FORM_VALIDATION } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { DomainsInput } from './domains-input';
import { OidcProvidersCard } from './oidc-providers';
import { patchSettings, useRemoveLogo, useSendTestMail, useSettings, useUploadLogo } from '../api/settings';
import { SETTINGS_TEXT as T } from '../texts';

const valuesOf = (s: Settings): SettingsValues => Object.fromEntries(SETTINGS_FIELDS.map((k) => [k, s[k]])) as SettingsValues;

/** The SuperAdmin's Settings page: every section in one form with one Save for what changed. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <QueryState query={settings} error={T.loadFailed} skeletons={['h-96']}>
        {(data) => (
          <div className="space-y-6">
            <LogoCard settings={data} />
            <SettingsForm settings={data} />
            <OidcProvidersCard />
            <TestMailCard smtpConfigured={data.smtpConfigured} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">{children}</CardContent>
    </Card>
  );
}

function NumberField({ name, label, hint, register, errors, step = 1 }: { name: keyof SettingsValues; label: string; hint?: string; register: UseFormRegister<SettingsValues>; errors: FieldErrors<SettingsValues>; step?: number }) {
  const hintId = `settings-${name}-hint`;
  return (
    <div className="grid gap-1">
      <FormField label={label} error={errors[name]?.message}>
        {(a) => <Input {...a} type="number" inputMode="numeric" step={step} aria-describedby={[a['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ') || undefined} {...register(name, { valueAsNumber: true })} />}
      </FormField>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An editable list as a table: a caption for screen readers, column headers, one row per entry (its last cell a remove button). */
function RowsTable({ caption, columns, removeLabel, minWidth, children }: { caption: string; columns: string[]; removeLabel: string; minWidth: string; children: ReactNode }) {
  return (
    <table className={`w-full ${minWidth} text-sm`}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          {columns.map((c) => (
            <th key={c} scope="col" className="pb-2 font-medium">
              {c}
            </th>
          ))}
          <th scope="col" className="pb-2">
            <span className="sr-only">{removeLabel}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A setting that is on or off: a switch, its label and the hint that explains it. */
function SwitchField({ id, label, hint, ...input }: { id: string; label: string; hint: string } & ComponentProps<'input'>) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" role="switch" className="mt-0.5 size-5" aria-describedby={`${id}-hint`} {...input} />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

const rowError = (e: { message?: string } | undefined) =>
  e?.message ? (
    <p role="alert" className="mt-1 text-xs text-destructive">
      {e.message}
    </p>
  ) : null;

function SettingsForm({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsValues>({ resolver: zodResolver(settingsValuesSchema) as never, ...FORM_VALIDATION, defaultValues: valuesOf(settings) });
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = form;
  const terms = useFieldArray({ control, name: 'terms' });
  const bands = useFieldArray({ control, name: 'gradeScale' });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const changed = Object.keys(dirtyFields) as Array<keyof SettingsValues>;
    if (changed.length === 0) return;
    const patch = Object.fromEntries(changed.map((k) => [k, values[k]])) as SettingsPatch;
    try {
      const saved = await patchSettings(patch);
      queryClient.setQueryData([...queryKeys.settings, 'all'], saved.settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.settingsPublic });
      reset(valuesOf(saved.settings));
      toast.success(saved.message);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, { fields: SETTINGS_FIELDS, fallback: T.saveFailed }));
    }
  });
  const arrayError = (e: unknown) => (e as { message?: string; root?: { message?: string } } | undefined)?.message ?? (e as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={T.title}>
      <Section title={T.institution} description={T.institutionHint}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={T.institutionName} error={errors.institutionName?.message}>
            {(a) => <Input {...a} {...register('institutionName')} />}
          </FormField>
          <FormField label={T.shortName} error={errors.shortName?.message}>
            {(a) => <Input {...a} {...register('shortName')} />}
          </FormField>
        </div>
      </Section>

      <Section title={T.academic} description={T.academicHint}>
        <div className="sm:max-w-xs">
          <FormField label={T.academicYear} error={errors.academicYear?.message}>
            {(a) => <Input {...a} placeholder="2026-27" {...register('academicYear')} />}
          </FormField>
        </div>
        <div className="relative min-w-0 overflow-x-auto">
          <RowsTable caption={T.terms} columns={[T.termName, T.termStart, T.termEnd]} removeLabel={T.remove} minWidth="min-w-[32rem]">
            {terms.fields.map((f, i) => (
              <tr key={f.id} className="align-top">
                <td className="py-1 pr-2">
                  <Input aria-label={T.termRow(i + 1, T.termName)} aria-invalid={Boolean(errors.terms?.[i]?.name)} {...register(`terms.${i}.name`)} />
                  {rowError(errors.terms?.[i]?.name)}
                </td>
                <td className="py-1 pr-2">
                  <Input type="date" aria-label={T.termRow(i + 1, T.termStart)} aria-invalid={Boolean(errors.terms?.[i]?.start)} {...register(`terms.${i}.start`)} />
                  {rowError(errors.terms?.[i]?.start)}
                </td>
                <td className="py-1 pr-2">
                  <Input type="date" aria-label={T.termRow(i + 1, T.termEnd)} aria-invalid={Boolean(errors.terms?.[i]?.end)} {...register(`terms.${i}.end`)} />
                  {rowError(errors.terms?.[i]?.end)}
                </td>
                <td className="py-1">
                  <Button type="button" variant="outline" size="sm" onClick={() => terms.remove(i)}>
                    <span aria-hidden="true">✕</span>
                    <span className="sr-only">{T.removeTerm(i + 1)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </RowsTable>
          {terms.fields.length === 0 ? <p className="text-sm text-muted-foreground">{T.noTerms}</p> : null}
        </div>
        {rowError({ message: arrayError(errors.terms) })}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => terms.append({ name: '', start: '', end: '' })} disabled={terms.fields.length >= 6}>
            {T.addTerm}
          </Button>
        </div>
      </Section>

      <Section title={T.registration}>
        <fieldset className="grid gap-2" aria-describedby="settings-student-registration-hint">
          <legend className="mb-1 text-sm font-medium">{T.studentRegistration}</legend>
          {STUDENT_REGISTRATION.map((policy) => (
            <label key={policy} className="flex items-start gap-2 text-sm">
              <input type="radio" value={policy} className="mt-0.5 size-4 accent-primary" {...register('studentRegistration')} />
              <span>{T.studentRegistrationChoice[policy]}</span>
            </label>
          ))}
          <p id="settings-student-registration-hint" className="text-xs text-muted-foreground">
            {T.studentRegistrationHint}
          </p>
          {rowError(errors.studentRegistration)}
        </fieldset>
        <div className="grid gap-1 sm:max-w-md">
          <FormField label={T.registrationDomains} error={arrayError(errors.registrationDomains) ?? (errors.registrationDomains as Array<{ message?: string }> | undefined)?.find?.((e) => e?.message)?.message}>
            {(a) => (
              <Controller
                control={control}
                name="registrationDomains"
                render={({ field }) => <DomainsInput {...a} aria-describedby={[a['aria-describedby'], 'settings-domains-hint'].filter(Boolean).join(' ')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
              />
            )}
          </FormField>
          <p id="settings-domains-hint" className="text-xs text-muted-foreground">
            {T.registrationDomainsHint}
          </p>
        </div>
        <SwitchField id="settings-approval" label={T.approval} hint={T.approvalHint} {...register('registrationApproval')} />
      </Section>

      <Section title={T.library}>
        <SwitchField id="settings-self-return" label={T.selfServiceReturn} hint={T.selfServiceReturnHint} {...register('selfServiceReturn')} />
        <SwitchField id="settings-opac" label={T.opacEnabled} hint={T.opacEnabledHint} {...register('opacEnabled')} />
      </Section>

      <Section title={T.attendance}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField name="attendanceThreshold" label={T.threshold} hint={T.thresholdHint} register={register} errors={errors} />
          <NumberField name="attendanceCorrectionDays" label={T.correctionDays} hint={T.correctionHint} register={register} errors={errors} />
        </div>
      </Section>

      <Section title={T.holdBack} description={T.holdBackHint}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField name="holdBackAttendanceBelow" label={T.holdBackAttendance} hint={T.holdBackAttendanceHint} register={register} errors={errors} />
          <div className="grid gap-1">
            <FormField label={T.holdBackCredits} error={errors.holdBackFailedCreditsAbove?.message}>
              {(a) => (
                <Input
                  {...a}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  aria-describedby={[a['aria-describedby'], 'settings-holdBackFailedCreditsAbove-hint'].filter(Boolean).join(' ')}
                  {...register('holdBackFailedCreditsAbove', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
                />
              )}
            </FormField>
            <p id="settings-holdBackFailedCreditsAbove-hint" className="text-xs text-muted-foreground">
              {T.holdBackCreditsHint}
            </p>
          </div>
        </div>
      </Section>

      <Section title={T.grading} description={T.gradingHint}>
        <div className="relative min-w-0 overflow-x-auto">
          <RowsTable caption={T.grading} columns={[T.grade, T.points, T.from]} removeLabel={T.remove} minWidth="min-w-[24rem]">
            {bands.fields.map((f, i) => (
              <tr key={f.id} className="align-top">
                <td className="py-1 pr-2">
                  <Input aria-label={T.bandRow(i + 1, T.grade)} aria-invalid={Boolean(errors.gradeScale?.[i]?.grade)} {...register(`gradeScale.${i}.grade`)} />
                  {rowError(errors.gradeScale?.[i]?.grade)}
                </td>
                <td className="py-1 pr-2">
                  <Input type="number" step={0.5} aria-label={T.bandRow(i + 1, T.points)} aria-invalid={Boolean(errors.gradeScale?.[i]?.points)} {...register(`gradeScale.${i}.points`, { valueAsNumber: true })} />
                  {rowError(errors.gradeScale?.[i]?.points)}
                </td>
                <td className="py-1 pr-2">
                  <Input type="number" step={1} aria-label={T.bandRow(i + 1, T.from)} aria-invalid={Boolean(errors.gradeScale?.[i]?.min)} {...register(`gradeScale.${i}.min`, { valueAsNumber: true })} />
                  {rowError(errors.gradeScale?.[i]?.min)}
                </td>
                <td className="py-1">
                  <Button type="button" variant="outline" size="sm" onClick={() => bands.remove(i)} disabled={bands.fields.length <= 2}>
                    <span aria-hidden="true">✕</span>
                    <span className="sr-only">{T.removeBand(i + 1)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </RowsTable>
        </div>
        {rowError({ message: arrayError(errors.gradeScale) })}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => bands.append({ grade: '', points: 0, min: 0 })} disabled={bands.fields.length >= 15}>
            {T.addBand}
          </Button>
        </div>
      </Section>

      <Section title={T.signIn}>
        <SwitchField id="settings-mfa-admins" label={T.mfaRequiredForAdmins} hint={T.mfaRequiredForAdminsHint} {...register('mfaRequiredForAdmins')} />
      </Section>

      <Section title={T.sessions} description={T.sessionsHint}>
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField name="accessTokenMinutes" label={T.accessMinutes} register={register} errors={errors} />
          <NumberField name="sessionDays" label={T.sessionDays} register={register} errors={errors} />
          <NumberField name="sessionIdleDays" label={T.idleDays} register={register} errors={errors} />
        </div>
      </Section>

      <Section title={T.audit}>
        <div className="sm:max-w-xs">
          <NumberField name="auditRetentionDays" label={T.retentionDays} hint={T.retentionHint} register={register} errors={errors} />
        </div>
      </Section>

      <FormError message={formError} />
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 rounded-md border bg-card p-3 shadow-sm">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {isDirty ? T.unsaved : settings.updatedAt ? T.lastSaved(formatDateTime(settings.updatedAt)) : T.noChanges}
        </p>
        <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(settings))}>
          {T.discard}
        </Button>
        <BusyButton type="submit" busy={isSubmitting} disabled={!isDirty} label={T.save} busyLabel={T.saving} />
      </div>
    </form>
  );
}

function LogoCard({ settings }: { settings: Settings }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) => setError(serverMessage(e) ?? T.saveFailed),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <Section title={T.logo} description={T.logoHint}>
      <div className="flex flex-wrap items-center gap-4">
        {settings.logoUrl ? (
          <img src={settings.logoUrl} alt={T.logoAlt} className="size-20 rounded-md border bg-white object-contain p-1" />
        ) : (
          <p className="text-sm text-muted-foreground">{T.noLogo}</p>
        )}
        <div className="grid gap-2">
          <Label htmlFor="settings-logo">{T.uploadLogo}</Label>
          <Input id="settings-logo" ref={input} type="file" accept={LOGO_ACCEPT} disabled={upload.isPending} onChange={(e) => pick(e.target.files?.[0])} />
          {upload.isPending ? <p className="text-xs text-muted-foreground">{T.uploading}</p> : null}
        </div>
        {settings.logoUrl ? (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: (r) => toast.success(r.message), onError: (e) => setError(serverMessage(e) ?? T.saveFailed) })}
          >
            {T.removeLogo}
          </Button>
        ) : null}
      </div>
      <FormError message={error} />
    </Section>
  );
}

function TestMailCard({ smtpConfigured }: { smtpConfigured: boolean }) {
  const send = useSendTestMail();
  const [to, setTo] = useState('');
  return (
    <Section title={T.mail} description={T.mailHint}>
      {!smtpConfigured ? <p className="text-sm text-muted-foreground">{T.noSmtp}</p> : null}
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(to.trim() || undefined, { onSuccess: (r) => toast.success(r.message), onError: (err) => toast.error(serverMessage(err) ?? T.saveFailed) });
        }}
      >
        <div className="grid min-w-0 flex-1 gap-2 sm:max-w-sm">
          <Label htmlFor="settings-test-mail-to">{T.testMailTo}</Label>
          <Input id="settings-test-mail-to" type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <BusyButton type="submit" busy={send.isPending} label={T.sendTestMail} busyLabel={T.sendingTestMail} />
      </form>
    </Section>
  );
}
