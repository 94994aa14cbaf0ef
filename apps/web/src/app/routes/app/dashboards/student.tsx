import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { displayName, useAuth } from '@/lib/auth';

export default function StudentDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Student Dashboard" />
      <ModuleNotice module="attendance, marks and library">
        Your attendance, CGPA and issued books will appear here when the attendance, marks and library modules land.
      </ModuleNotice>
    </section>
  );
}
