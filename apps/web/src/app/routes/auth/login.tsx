import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <AuthLayout title="Login" description="Sign in to your College Resource System account.">
      <LoginForm />
    </AuthLayout>
  );
}
