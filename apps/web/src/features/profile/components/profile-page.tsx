import { PageHeader } from '@/components/layout/page';
import { AchievementsCard } from './achievements-card';
import { AvatarCard } from './avatar-card';
import { ProfileForm } from './profile-form';
import { PROFILE_TEXT } from '../texts';

/** /dashboard/teacher/profile: picture, details and achievements of the signed-in user. */
export function ProfilePage() {
  return (
    <section>
      <PageHeader title={PROFILE_TEXT.title} description={PROFILE_TEXT.description} />
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <AvatarCard />
        <div className="grid min-w-0 gap-6">
          <ProfileForm />
          <AchievementsCard />
        </div>
      </div>
    </section>
  );
}
