import type { ResetPasswordFormInput } from '@crs/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { confirmPasswordReset } from '@/lib/auth-api';
import { resetPasswordResolver, type ResetPasswordFormValues } from '../form-resolvers';
import { AUTH_TEXT } from '../texts';
import { FORM_VALIDATION } from '@/lib/forms';

/** The new-password form; `token` comes from the reset link's query string. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues, unknown, ResetPasswordFormInput>({
    resolver: resetPasswordResolver,
    ...FORM_VALIDATION,
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ token: t, password }) => {
    try {
      await confirmPasswordReset({ token: t, password });
    } catch (e) {
      toast.error(serverMessage(e) ?? AUTH_TEXT.resetConfirmFailure);
      return;
    }
    toast.success(AUTH_TEXT.resetConfirmSuccess);
    navigate(paths.confirmation);
  });

  return (
    <form onSubmit={onSubmit} onFocus={resetPasswordResolver.preload} noValidate className="grid gap-4">
      <input type="hidden" {...register('token')} />
      {errors.token ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.token.message}
        </p>
      ) : null}
      <FormField label="New Password" error={errors.password?.message}>
        {(a) => <Input {...a} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(a) => <Input {...a} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? AUTH_TEXT.resetConfirmPending : 'Reset password'}
      </Button>
    </form>
  );
}
