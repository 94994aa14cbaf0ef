import { AccountPage } from '@/features/my-account/components/account-page';

export default function AccountRoute() {
  return <AccountPage />;
}
