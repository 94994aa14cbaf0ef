import { SettingsPage } from '@/features/settings/components/settings-page';

export default function SuperAdminSettingsRoute() {
  return <SettingsPage />;
}
