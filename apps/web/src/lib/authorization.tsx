import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAnyRole, type Role } from '@crs/shared/roles';
import { DASHBOARD_BY_ROLE } from '@crs/shared/routes';
import { AccessDenied } from '@/components/layout/access-denied';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from './auth';

/** Signed-in users only: while the session loads a spinner shows; signed-out users go to /login, remembering where they were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children;
}

/**
 * A guarded route: the sign-in check of RequireAuth plus the route's role list (spec section 2).
 * A role mismatch shows the 403 screen in place. The UI only hides; the server enforces.
 */
export function RequireRoles({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <RequireAuth>{user && !hasAnyRole(user.roles, roles) ? <AccessDenied /> : children}</RequireAuth>
  );
}

/** Shows `children` only to users holding one of `roles`. */
export function Authorization({ roles, children, fallback = null }: { roles: readonly Role[]; children: ReactNode; fallback?: ReactNode }) {
  const { user } = useAuth();
  return user && hasAnyRole(user.roles, roles) ? children : fallback;
}

/** Where /dashboard sends a user: by the first role, lower-cased; no user or an unknown role goes to /login. */
export function dashboardFor(roles: readonly string[] | undefined): string {
  const first = roles?.[0]?.toLowerCase();
  return (first !== undefined && DASHBOARD_BY_ROLE[first]) || paths.login;
}
