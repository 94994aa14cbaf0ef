import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Forgot password" description="Enter your email and we will send you a reset link.">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
