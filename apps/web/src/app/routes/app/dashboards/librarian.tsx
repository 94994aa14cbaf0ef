import { ModuleNotice, PageHeader } from '@/components/layout/page';
import { displayName, useAuth } from '@/lib/auth';

export default function LibrarianDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Circulation desk" />
      <ModuleNotice module="library">Issuing, returns, the overdue list and book editing arrive with the library module.</ModuleNotice>
    </section>
  );
}
