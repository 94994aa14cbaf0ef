import type { GuardedRoute } from '@crs/shared/routes';

/** Every path the client links to. Components import these instead of writing URL literals. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  forbidden: '/forbidden',
  unauthorized: '/unauthorized',
  confirmation: '/confirmation',
  dashboard: '/dashboard',
  admin: {
    root: '/dashboard/admin',
    docs: '/dashboard/admin/docs',
    students: '/dashboard/admin/students',
    teachers: '/dashboard/admin/teachers',
    analytics: '/dashboard/admin/analytics',
  },
  student: {
    root: '/dashboard/student',
    courses: '/dashboard/student/courses',
    library: '/dashboard/student/library',
    placement: '/dashboard/student/placement',
    notices: '/dashboard/student/notices',
    idcard: '/dashboard/student/idcard',
  },
  teacher: {
    root: '/dashboard/teacher',
    subjects: '/dashboard/teacher/subjects',
    attendance: '/dashboard/teacher/attendance',
    marks: '/dashboard/teacher/marks',
    research: '/dashboard/teacher/research',
    profile: '/dashboard/teacher/profile',
    exams: '/dashboard/teacher/exams',
  },
  staff: { root: '/dashboard/staff', notices: '/dashboard/staff/notices', reports: '/dashboard/staff/reports' },
  superadmin: {
    root: '/dashboard/superadmin',
    users: '/dashboard/superadmin/users',
    logs: '/dashboard/superadmin/logs',
    settings: '/dashboard/superadmin/settings',
  },
  librarian: { root: '/dashboard/librarian' },
  library: { root: '/library', loans: '/library?tab=loans', management: '/library?tab=management', teacher: '/library/teacher', book: (id: string) => `/library/books/${encodeURIComponent(id)}` },
  alumni: { root: '/alumni', detail: (id: string) => `/alumni/${encodeURIComponent(id)}` },
} as const satisfies Record<string, unknown>;

/** A guarded route pattern, typed against the shared route/role table. */
export type { GuardedRoute };

/** Only same-site paths may be used as a post-login destination (no `//evil.example`). */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}
