import { ModuleNotice, PageHeader } from '@/components/layout/page';

export default function StaffDashboardRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title="Welcome back" description="Staff Dashboard" />
      <ModuleNotice module="tasks and notices">Your open tasks will appear here when the tasks and notices module lands.</ModuleNotice>
    </section>
  );
}
