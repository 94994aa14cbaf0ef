import { DASHBOARD_BY_ROLE } from '@crs/shared/routes';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Where /dashboard sends a user: by the first role, lower-cased; no user or an unknown role goes to /login. */
export function dashboardFor(roles: readonly string[] | undefined): string {
  const first = roles?.[0]?.toLowerCase();
  return (first !== undefined && DASHBOARD_BY_ROLE[first]) || paths.login;
}

export default function DashboardDispatcher() {
  const { user } = useAuth();
  return <Navigate to={dashboardFor(user?.roles)} replace />;
}
