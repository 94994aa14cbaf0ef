import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { OpenTasks } from '@/features/stats/components/open-tasks';

export default function StaffDashboardRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title="Welcome back" description="Staff Dashboard" />
      <OpenTasks reportsPath={paths.staffReports} noticesPath={paths.staffNotices} placementPath={paths.placementCell} />
    </section>
  );
}
