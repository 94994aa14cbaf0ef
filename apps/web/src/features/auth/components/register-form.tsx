import { GUARDIANS_MSG } from '@crs/shared/messages/guardians';
import { SELF_REGISTER_ROLES } from '@crs/shared/roles';
import type { RegisterFormInput } from '@crs/shared/schemas/auth';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { preloadAuthApi, useAuth } from '@/lib/auth';
import { usePublicSettingsOnce } from '@/lib/institution';
import { registerResolver, type RegisterFormValues } from '../form-resolvers';
import { AUTH_TEXT } from '../texts';
import { FORM_VALIDATION } from '@/lib/forms';

export function RegisterForm() {
  const { register: signUp } = useAuth();
  const navigate = useNavigate();
  const institution = usePublicSettingsOnce();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterFormInput>({
    resolver: registerResolver,
    ...FORM_VALIDATION,
    defaultValues: { name: '', email: '', phone: '', password: '', confirmPassword: '', roles: 'Student', guardianCode: '' },
  });

  const preload = () => {
    registerResolver.preload();
    preloadAuthApi();
  };

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, guardianCode, ...values }) => {
    try {
      // A link code goes only with the Guardian role (issue 30).
      await signUp(values.roles === 'Guardian' ? { ...values, guardianCode } : values);
    } catch (e) {
      toast.error(serverMessage(e) ?? AUTH_TEXT.registerFailure);
      return;
    }
    toast.success(AUTH_TEXT.registerSuccess);
    navigate(paths.login);
  });

  const phone = register('phone');
  const roleErrorId = 'register-role-error';
  const policyId = 'register-policy';
  const role = useWatch({ control, name: 'roles' });
  // Who may register as a Student, said before the form is sent (the server refuses with the same rule).
  const policy =
    role !== 'Student' || !institution
      ? null
      : institution.studentRegistration === 'closed'
        ? AUTH_TEXT.policyClosed
        : institution.studentRegistration === 'domains'
          ? AUTH_TEXT.policyDomains(institution.registrationDomains)
          : null;

  return (
    <form onSubmit={onSubmit} onFocus={preload} noValidate className="grid gap-4">
      <FormField label="Full Name" error={errors.name?.message}>
        {(a) => <Input {...a} {...register('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(a) => <Input {...a} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        {(a) => (
          <Input
            {...a}
            {...phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            onChange={(e) => {
              // Digits only, at most 10 (spec section 5).
              e.target.value = e.target.value.replace(/\D/g, '').slice(0, 10);
              return phone.onChange(e);
            }}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(a) => <Input {...a} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(a) => <Input {...a} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={[errors.roles ? roleErrorId : '', policy ? policyId : ''].filter(Boolean).join(' ') || undefined}>
        <legend className="mb-2 text-sm font-medium">Role</legend>
        <div className="flex flex-wrap gap-4">
          {[...SELF_REGISTER_ROLES, 'Guardian' as const].map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="radio" value={role} {...register('roles')} className="size-4 accent-primary" />
              {role}
            </label>
          ))}
        </div>
        {errors.roles ? (
          <p id={roleErrorId} role="alert" className="text-sm text-destructive">
            {errors.roles.message}
          </p>
        ) : null}
        {policy ? (
          <p id={policyId} className="text-sm text-muted-foreground" data-testid="register-policy">
            {policy}
          </p>
        ) : null}
      </fieldset>
      {role === 'Guardian' ? (
        <>
          <FormField label={GUARDIANS_MSG.guardianCodeLabel} error={errors.guardianCode?.message}>
            {(a) => <Input {...a} {...register('guardianCode')} autoComplete="off" placeholder="ABCDE-FGHJK" />}
          </FormField>
          <p className="-mt-2 text-sm text-muted-foreground">{GUARDIANS_MSG.guardianCodeHint}</p>
        </>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? AUTH_TEXT.registerPending : 'Create account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Login
        </Link>
      </p>
    </form>
  );
}
