import { AccountPage } from '@/features/my-account/components/account-page';
import { NotificationPreferencesCard } from '@/features/notifications/components/preferences-card';

export default function AccountRoute() {
  return <AccountPage cards={<NotificationPreferencesCard />} />;
}
