import { ACCOUNT_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PENDING_APPROVALS_ANCHOR } from '@/features/users/components/pending-users';
import { OpenTasks } from '@/features/analytics/components/open-tasks';
import { useAuth } from '@/lib/auth';

/** Where the viewer approves sign-ups (the Pending approvals card of their own dashboard), or undefined when they may not. */
function approvalsPathFor(roles: readonly string[] | undefined): string | undefined {
  if (!roles || !hasAnyRole(roles, ACCOUNT_MANAGERS)) return undefined;
  return `${roles.includes('SuperAdmin') ? paths.superadminDashboard : paths.adminDashboard}#${PENDING_APPROVALS_ANCHOR}`;
}

export default function StaffDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6">
      <PageHeader title="Welcome back" description="Staff Dashboard" />
      <OpenTasks reportsPath={paths.staffReports} noticesPath={paths.staffNotices} placementPath={paths.placementCell} approvalsPath={approvalsPathFor(user?.roles)} />
    </section>
  );
}
