import { PROFILE_MSG } from '@crs/shared/messages/profile';
import { profileFormSchema } from '@crs/shared/schemas/auth';
import type { z } from 'zod';
import { BusyButton } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { updateProfile } from '../api/update-profile';
import { PROFILE_TEXT } from '../texts';

type ProfileValues = z.input<typeof profileFormSchema>;
type ProfileOutput = z.output<typeof profileFormSchema>;

/** Name, email and bio (spec: 'Name is required', 'Invalid email', 'Updating...', the two toasts). */
export function ProfileForm() {
  const { user, refreshUser } = useAuth();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<ProfileValues, ProfileOutput>({
    schema: profileFormSchema,
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', bio: user?.bio ?? '' },
    fields: ['name', 'email', 'bio'],
    fallback: PROFILE_MSG.profileUpdateFailed,
    codeFields: { EMAIL_TAKEN: 'email' },
    submit: async (values) => {
      try {
        await updateProfile(values);
      } catch (e) {
        toast.error(serverMessage(e) ?? PROFILE_MSG.profileUpdateFailed);
        throw e;
      }
      await refreshUser();
      toast.success(PROFILE_MSG.profileUpdatedToast);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{PROFILE_TEXT.detailsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={PROFILE_TEXT.name} error={errors.name?.message}>
            {(a) => <Input {...a} {...register('name')} autoComplete="name" />}
          </FormField>
          <FormField label={PROFILE_TEXT.email} error={errors.email?.message}>
            {(a) => <Input {...a} {...register('email')} type="email" autoComplete="email" />}
          </FormField>
          <FormField label={PROFILE_TEXT.bio} error={errors.bio?.message}>
            {(a) => <Textarea {...a} {...register('bio')} rows={4} placeholder={PROFILE_TEXT.bioHint} />}
          </FormField>
          <FormError message={formError} />
          <div>
            <BusyButton type="submit" busy={isSubmitting} label={PROFILE_TEXT.save} busyLabel={PROFILE_TEXT.updating} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
