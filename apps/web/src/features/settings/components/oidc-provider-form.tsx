import { useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { ROLES } from '@crs/shared/roles';
import { oidcProviderInputSchema, type OidcProvider, type OidcProviderInput } from '@crs/shared/schemas/identity';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectOptions } from '@/components/ui/select-options';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { createOidcProvider, providersKey, updateOidcProvider } from '../api/oidc-providers';
import { PROVIDERS_TEXT as T } from '../texts';
import { DomainsInput } from './domains-input';
import { RedirectUri } from './redirect-uri';

type Values = z.input<typeof oidcProviderInputSchema>;
const FIELDS = Object.keys(oidcProviderInputSchema.shape) as Array<keyof Values>;
// Editing, an empty secret keeps the stored one (the server never sends it back).
const editSchema = oidcProviderInputSchema.partial({ clientSecret: true });
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }));
const selectClass = 'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function valuesOf(p: OidcProvider | null): Values {
  if (!p) return { id: '', label: '', issuer: '', clientId: '', clientSecret: '', enabled: true, allowedDomains: [], roleClaim: null, roleMapping: [], defaultRole: 'Student', approvalForStaff: true, amrCountsAsMfa: false, requiredForRoles: [], requiredForDomains: [] };
  const { id, label, issuer, clientId, enabled, allowedDomains, roleClaim, roleMapping, defaultRole, approvalForStaff, amrCountsAsMfa, requiredForRoles, requiredForDomains } = p;
  return { id, label, issuer, clientId, clientSecret: '', enabled, allowedDomains, roleClaim, roleMapping, defaultRole, approvalForStaff, amrCountsAsMfa, requiredForRoles, requiredForDomains };
}

function Check({ id, label, ...rest }: { id: string; label: string } & React.ComponentProps<'input'>) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-0.5 size-5" {...rest} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** Every field of a provider (oidcProviderInputSchema); the id only when it is added. */
export function OidcProviderForm({ provider, onDone }: { provider: OidcProvider | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const f = T.fields;
  const {
    register,
    control,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<Values, OidcProviderInput>({
    schema: provider ? editSchema : oidcProviderInputSchema,
    defaultValues: valuesOf(provider),
    fields: FIELDS,
    fallback: T.saveFailed,
    submit: async (values) => {
      let message: string;
      if (provider) {
        const { id: _id, clientSecret, ...rest } = values;
        message = (await updateOidcProvider(provider.id, clientSecret ? { ...rest, clientSecret } : rest)).message;
      } else {
        message = (await createOidcProvider(values)).message;
      }
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: providersKey });
      onDone();
    },
  });
  const mapping = useFieldArray({ control, name: 'roleMapping' });
  const listError = (e: unknown) => {
    const x = e as ({ message?: string; root?: { message?: string } } & Array<{ message?: string } | undefined>) | undefined;
    return x?.message ?? x?.root?.message ?? (Array.isArray(x) ? x.find((i) => i?.message)?.message : undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {provider ? <RedirectUri provider={provider} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {provider ? null : (
          <div className="grid gap-1">
            <FormField label={f.id} error={errors.id?.message}>
              {(a) => <Input {...a} {...register('id')} autoCapitalize="none" spellCheck={false} aria-describedby={[a['aria-describedby'], 'oidc-id-hint'].filter(Boolean).join(' ')} />}
            </FormField>
            <p id="oidc-id-hint" className="text-xs text-muted-foreground">
              {T.idHint}
            </p>
          </div>
        )}
        <FormField label={f.label} error={errors.label?.message}>
          {(a) => <Input {...a} {...register('label')} />}
        </FormField>
        <FormField label={f.issuer} error={errors.issuer?.message}>
          {(a) => <Input {...a} {...register('issuer')} type="url" placeholder="https://accounts.google.com" spellCheck={false} />}
        </FormField>
        <FormField label={f.clientId} error={errors.clientId?.message}>
          {(a) => <Input {...a} {...register('clientId')} spellCheck={false} />}
        </FormField>
        <div className="grid gap-1">
          <FormField label={f.clientSecret} error={errors.clientSecret?.message}>
            {(a) => (
              <Input
                {...a}
                {...register('clientSecret', provider ? { setValueAs: (v: string) => (v === '' ? undefined : v) } : {})}
                type="password"
                autoComplete="new-password"
                aria-describedby={[a['aria-describedby'], provider ? 'oidc-secret-hint' : undefined].filter(Boolean).join(' ') || undefined}
              />
            )}
          </FormField>
          {provider ? (
            <p id="oidc-secret-hint" className="text-xs text-muted-foreground">
              {T.secretKeep}
            </p>
          ) : null}
        </div>
        <FormField label={f.defaultRole} error={errors.defaultRole?.message}>
          {(a) => (
            <select {...a} {...register('defaultRole')} className={selectClass}>
              <SelectOptions options={ROLE_OPTIONS} />
            </select>
          )}
        </FormField>
        <FormField label={f.allowedDomains} error={listError(errors.allowedDomains)}>
          {(a) => <Controller control={control} name="allowedDomains" render={({ field }) => <DomainsInput {...a} value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />} />}
        </FormField>
        <FormField label={f.roleClaim} error={errors.roleClaim?.message}>
          {(a) => <Input {...a} {...register('roleClaim', { setValueAs: (v: string | null) => (v === '' || v === null ? null : v) })} spellCheck={false} />}
        </FormField>
      </div>

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 text-sm font-medium">{f.roleMapping}</legend>
        {mapping.fields.length === 0 ? <p className="text-sm text-muted-foreground">{T.mappingNone}</p> : null}
        {mapping.fields.map((m, i) => (
          <div key={m.id} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[2fr_1fr_auto]">
            <div className="col-span-2 sm:col-span-1">
              <Input aria-label={T.mappingRow(i + 1, T.mappingValue)} aria-invalid={Boolean(errors.roleMapping?.[i]?.value)} placeholder="staff@college.edu" {...register(`roleMapping.${i}.value`)} />
              {errors.roleMapping?.[i]?.value?.message ? (
                <p role="alert" className="mt-1 text-xs text-destructive">
                  {errors.roleMapping[i].value.message}
                </p>
              ) : null}
            </div>
            <select aria-label={T.mappingRow(i + 1, T.mappingRole)} className={selectClass} {...register(`roleMapping.${i}.role`)}>
              <SelectOptions options={ROLE_OPTIONS} />
            </select>
            <Button variant="outline" size="icon" onClick={() => mapping.remove(i)}>
              <span aria-hidden="true">✕</span>
              <span className="sr-only">{T.mappingRemove(i + 1)}</span>
            </Button>
          </div>
        ))}
        <div>
          <Button variant="outline" size="sm" onClick={() => mapping.append({ value: '', role: 'Student' })} disabled={mapping.fields.length >= 50}>
            {T.mappingAdd}
          </Button>
        </div>
      </fieldset>

      <Controller
        control={control}
        name="requiredForRoles"
        render={({ field }) => <CheckboxGroup legend={f.requiredForRoles} options={ROLES.map((r) => ({ id: r, label: r }))} value={field.value ?? []} onChange={field.onChange} />}
      />
      <div className="sm:max-w-md">
        <FormField label={f.requiredForDomains} error={listError(errors.requiredForDomains)}>
          {(a) => <Controller control={control} name="requiredForDomains" render={({ field }) => <DomainsInput {...a} value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />} />}
        </FormField>
      </div>
      <div className="grid gap-3">
        <Check id="oidc-enabled" label={f.enabled} {...register('enabled')} />
        <Check id="oidc-approval" label={f.approvalForStaff} {...register('approvalForStaff')} />
        <Check id="oidc-amr" label={f.amrCountsAsMfa} {...register('amrCountsAsMfa')} />
      </div>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={T.save} busyLabel={T.saving} />
    </form>
  );
}
