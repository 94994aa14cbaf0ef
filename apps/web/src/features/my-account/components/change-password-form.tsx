import { changePasswordFormSchema } from '@crs/shared/schemas/auth';
import type { z } from 'zod';
import { BusyButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { changePassword } from '../api/change-password';
import { ACCOUNT_TEXT } from '../texts';

type Values = z.input<typeof changePasswordFormSchema>;
type Output = z.output<typeof changePasswordFormSchema>;

/** Current password, the new one twice; on success the server's message as a toast and an empty form. */
export function ChangePasswordForm() {
  const {
    register,
    onSubmit,
    reset,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<Values, Output>({
    schema: changePasswordFormSchema,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    fields: ['currentPassword', 'password', 'confirmPassword'],
    fallback: ACCOUNT_TEXT.failed,
    submit: async ({ currentPassword, password }) => {
      const answer = await changePassword({ currentPassword, password });
      reset();
      toast.success(answer.message);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ACCOUNT_TEXT.passwordTitle}</CardTitle>
        <CardDescription>{ACCOUNT_TEXT.passwordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
          <FormField label={ACCOUNT_TEXT.currentPassword} error={errors.currentPassword?.message}>
            {(a) => <Input {...a} {...register('currentPassword')} type="password" autoComplete="current-password" />}
          </FormField>
          <FormField label={ACCOUNT_TEXT.newPassword} error={errors.password?.message}>
            {(a) => <Input {...a} {...register('password')} type="password" autoComplete="new-password" />}
          </FormField>
          <FormField label={ACCOUNT_TEXT.confirmPassword} error={errors.confirmPassword?.message}>
            {(a) => <Input {...a} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
          </FormField>
          <FormError message={formError} />
          <div>
            <BusyButton type="submit" busy={isSubmitting} label={ACCOUNT_TEXT.submit} busyLabel={ACCOUNT_TEXT.updating} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
