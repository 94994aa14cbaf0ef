import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { AUTH_TEXT } from '@/features/auth/texts';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from showing the toast twice.
    if (!token) toast.error(AUTH_TEXT.resetTokenMissing, { id: 'reset-token-missing' });
  }, [token]);

  if (!token) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <AuthLayout title="Reset password" description="Choose a new password for your account.">
      <ResetPasswordForm key={token} token={token} />
    </AuthLayout>
  );
}
