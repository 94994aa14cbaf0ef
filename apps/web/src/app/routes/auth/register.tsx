import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <AuthLayout title="Create an account" description="Teacher and Staff accounts are activated by an administrator.">
      <RegisterForm />
    </AuthLayout>
  );
}
