import type { ComponentType } from 'react';
import { ROUTE_ROLES, type GuardedRoute } from '@crs/shared/routes';
import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireRoles } from '@/lib/authorization';
import type { ComingSoonHandle } from './routes/app/coming-soon';

type PageModule = { default: ComponentType };

const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A guarded route: its role list comes from the shared route/role table. */
function guarded(path: GuardedRoute, load: () => Promise<PageModule>, handle?: ComingSoonHandle): RouteObject {
  return {
    path,
    handle,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        element: (
          <RequireRoles roles={ROUTE_ROLES[path]}>
            <Page />
          </RequireRoles>
        ),
      };
    },
  };
}

const comingSoon = () => import('./routes/app/coming-soon');
/** A guarded page a later issue fills; until then it shows its title and which module brings it. */
const later = (path: GuardedRoute, title: string, module: string) => guarded(path, comingSoon, { title, module });

/** Every route of spec section 2. All pages are lazy, so /login loads only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      { path: paths.login, lazy: page(() => import('./routes/auth/login')) },
      { path: paths.register, lazy: page(() => import('./routes/auth/register')) },
      { path: paths.forgotPassword, lazy: page(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword, lazy: page(() => import('./routes/auth/reset-password')) },
      { path: paths.logout, lazy: page(() => import('./routes/auth/logout')) },
      { path: paths.forbidden, lazy: page(() => import('./routes/access-denied')) },
      { path: paths.unauthorized, lazy: page(() => import('./routes/access-denied')) },
      {
        lazy: page(() => import('./routes/app/layout')),
        children: [
          guarded('/confirmation', () => import('./routes/app/confirmation')),
          guarded('/dashboard', () => import('./routes/app/dashboard-dispatcher')),
          guarded('/dashboard/admin', () => import('./routes/app/dashboards/admin')),
          later('/dashboard/admin/docs', 'Documents', 'documents'),
          later('/dashboard/admin/students', 'Manage Students', 'student management'),
          later('/dashboard/admin/teachers', 'Manage Teachers', 'teacher management'),
          later('/dashboard/admin/analytics', 'Analytics', 'analytics'),
          guarded('/dashboard/student', () => import('./routes/app/dashboards/student')),
          later('/dashboard/student/courses', 'My Courses', 'courses'),
          guarded('/dashboard/student/library', () => import('./routes/app/library/student-library')),
          later('/dashboard/student/placement', 'Placement Portal', 'placement'),
          later('/dashboard/student/notices', 'Notices', 'notices'),
          later('/dashboard/student/idcard', 'ID Card', 'ID card'),
          guarded('/dashboard/teacher', () => import('./routes/app/dashboards/teacher')),
          later('/dashboard/teacher/subjects', 'My Subjects', 'subjects'),
          later('/dashboard/teacher/attendance', 'Attendance', 'attendance'),
          later('/dashboard/teacher/marks', 'Marks', 'marks'),
          later('/dashboard/teacher/research', 'Research', 'teaching materials'),
          later('/dashboard/teacher/profile', 'Profile', 'profile'),
          later('/dashboard/teacher/exams', 'Exams', 'marks'),
          guarded('/dashboard/staff', () => import('./routes/app/dashboards/staff')),
          later('/dashboard/staff/notices', 'Notices', 'notices'),
          later('/dashboard/staff/reports', 'Reports', 'reports'),
          guarded('/dashboard/superadmin', () => import('./routes/app/dashboards/superadmin')),
          later('/dashboard/superadmin/users', 'Users', 'user management'),
          later('/dashboard/superadmin/logs', 'System Logs', 'audit log'),
          later('/dashboard/superadmin/settings', 'Settings', 'settings'),
          guarded('/dashboard/librarian', () => import('./routes/app/dashboards/librarian')),
          guarded('/library', () => import('./routes/app/library/library')),
          guarded('/library/books/:id', () => import('./routes/app/library/book')),
          guarded('/library/teacher', () => import('./routes/app/library/teacher')),
          later('/alumni', 'Alumni', 'alumni'),
          later('/alumni/:id', 'Alumnus', 'alumni'),
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];
