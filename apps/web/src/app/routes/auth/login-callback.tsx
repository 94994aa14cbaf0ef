import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ProviderCallback } from '@/features/auth/components/provider-callback';

export default function LoginCallbackRoute() {
  return (
    <AuthLayout title="Login">
      <ProviderCallback />
    </AuthLayout>
  );
}
