import type { ForgotPasswordInput } from '@crs/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { requestPasswordReset } from '@/lib/auth-api';
import { forgotPasswordResolver, type ForgotPasswordFormValues } from '../form-resolvers';
import { AUTH_TEXT } from '../texts';
import { FORM_VALIDATION } from '@/lib/forms';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordInput>({
    resolver: forgotPasswordResolver,
    ...FORM_VALIDATION,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
    } catch (e) {
      toast.error(serverMessage(e) ?? AUTH_TEXT.resetRequestFailure);
      return;
    }
    toast.success(AUTH_TEXT.resetRequestSuccess);
    navigate(paths.login);
  });

  return (
    <form onSubmit={onSubmit} onFocus={forgotPasswordResolver.preload} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        {(a) => <Input {...a} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? AUTH_TEXT.resetRequestPending : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="text-primary underline-offset-4 hover:underline">
          Back to login
        </Link>
      </p>
    </form>
  );
}
