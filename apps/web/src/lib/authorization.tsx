import { createContext, use, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAnyRole, type Role } from '@crs/shared/roles';
import { DASHBOARD_BY_ROLE } from '@crs/shared/routes';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from './auth';

/** Signed-in users only: while the session loads a spinner shows; signed-out users go to /login, remembering where they were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  // One state object per location (by key): Navigate navigates again whenever its `state` changes,
  // and this route stays on screen while /login's chunk loads (AppRoutes shows a location once its
  // modules are there, and useRoutes hands the page a new location object on every render), so a
  // new object per render replaced the history entry in a loop until the chunk arrived.
  const [state, setState] = useState(() => ({ from: location }));
  if (state.from.key !== location.key) setState({ from: location });
  if (status === 'loading') return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login} replace state={state} />;
  return children;
}

/**
 * What a role mismatch shows in place of a guarded page: the signed-in frame, which holds every
 * guarded page, provides the 403 screen, so its icon and button stay out of /login's script (the
 * route table, which applies RequireRoles, is part of it).
 */
export const DeniedScreen = createContext<ReactNode>(null);

/**
 * A guarded route: the sign-in check of RequireAuth plus the route's role list (spec section 2).
 * A role mismatch shows the frame's 403 screen in place. The UI only hides; the server enforces.
 */
export function RequireRoles({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useAuth();
  const denied = use(DeniedScreen);
  return <RequireAuth>{user && !hasAnyRole(user.roles, roles) ? denied : children}</RequireAuth>;
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
