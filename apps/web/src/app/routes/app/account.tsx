import { LinkCodeCard } from '@/features/guardians/components/link-code-card';
import { AccountPage } from '@/features/my-account/components/account-page';
import { NotificationPreferencesCard } from '@/features/notifications/components/preferences-card';
import { useAuth } from '@/lib/auth';

export default function AccountRoute() {
  const { user } = useAuth();
  return (
    <AccountPage
      cards={
        <>
          {/* Issue 30: a student makes a one-time code for a parent or guardian. */}
          {user?.roles.includes('Student') ? <LinkCodeCard student={user._id} /> : null}
          <NotificationPreferencesCard />
        </>
      }
    />
  );
}
