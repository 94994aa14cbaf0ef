import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { ACCOUNT_TEXT } from '../texts';
import { AlumniProfile } from './alumni-profile';
import { CalendarFeed } from './calendar-feed';
import { ChangePasswordForm } from './change-password-form';
import { LinkedAccountsCard } from './linked-accounts';
import { SessionsCard } from './sessions';
import { TwoFactorCard } from './two-factor';

/**
 * /dashboard/account: who is signed in, a password change, two-factor authentication, the active
 * sessions, linked college accounts (issue 28), the private calendar feed (every role), the cards the app
 * composes in (`cards`: the notification settings, issue 30) and a graduate's alumni profile.
 */
export function AccountPage({ cards }: { cards?: ReactNode }) {
  const { user } = useAuth();
  return (
    <section>
      <PageHeader title={ACCOUNT_TEXT.title} description={ACCOUNT_TEXT.description} />
      <div className="grid max-w-3xl min-w-0 gap-6">
        <Card>
          <CardContent className="grid gap-1 pt-6 text-sm">
            <p>
              <span className="text-muted-foreground">{ACCOUNT_TEXT.signedInAs} </span>
              <span className="font-medium break-all">{user?.email}</span>
            </p>
            <p>
              <span className="text-muted-foreground">{ACCOUNT_TEXT.roles} </span>
              <span className="font-medium">{user?.roles.join(', ')}</span>
            </p>
          </CardContent>
        </Card>
        <ChangePasswordForm />
        <TwoFactorCard />
        <SessionsCard />
        <LinkedAccountsCard />
        <CalendarFeed />
        {cards}
        {user?.roles.includes('Student') ? <AlumniProfile /> : null}
      </div>
    </section>
  );
}
