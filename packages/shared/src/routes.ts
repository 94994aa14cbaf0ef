import type { Role } from './roles.ts';

/**
 * The guarded routes of the web client and the roles each admits (spec section 2, plus the fixes in
 * product.md section 2). An empty list lets any signed-in user pass. Role matching is case-sensitive.
 * The server enforces access to data on its own; this table only decides what the client shows.
 */
const EVERYONE: readonly Role[] = [];
const ALUMNI_READERS: readonly Role[] = ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin'];
const LIBRARY_USERS: readonly Role[] = ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'];
const ADMINS: readonly Role[] = ['Admin', 'SuperAdmin'];
const STUDENT_AREA: readonly Role[] = ['Student', 'Admin', 'SuperAdmin'];
const STUDENT_ONLY: readonly Role[] = ['Student'];
const TEACHER_AREA: readonly Role[] = ['Teacher', 'Admin', 'SuperAdmin'];
const TEACHER_ONLY: readonly Role[] = ['Teacher'];
const STAFF_AREA: readonly Role[] = ['Staff', 'Admin', 'SuperAdmin'];
const SUPERADMIN_ONLY: readonly Role[] = ['SuperAdmin'];
const LIBRARIAN_AREA: readonly Role[] = ['Librarian', 'Admin', 'SuperAdmin'];

export const ROUTE_ROLES = {
  '/confirmation': EVERYONE,
  '/alumni': ALUMNI_READERS,
  '/alumni/:id': ALUMNI_READERS,
  '/library': LIBRARY_USERS,
  '/library/books/:id': LIBRARY_USERS,
  '/library/teacher': EVERYONE,
  // The dispatcher admits Librarian too: it has its own dashboard (product.md section 2).
  '/dashboard': ['Admin', 'Student', 'SuperAdmin', 'Teacher', 'Staff', 'Librarian'],
  '/dashboard/admin': ADMINS,
  '/dashboard/admin/docs': ADMINS,
  '/dashboard/admin/students': ADMINS,
  '/dashboard/admin/teachers': ADMINS,
  '/dashboard/admin/analytics': ADMINS,
  '/dashboard/student': STUDENT_AREA,
  '/dashboard/student/courses': STUDENT_ONLY,
  '/dashboard/student/library': STUDENT_ONLY,
  '/dashboard/student/placement': STUDENT_ONLY,
  '/dashboard/student/notices': STUDENT_ONLY,
  '/dashboard/student/idcard': ['Student', 'Teacher', 'Admin', 'SuperAdmin'],
  '/dashboard/teacher': TEACHER_AREA,
  '/dashboard/teacher/research': TEACHER_AREA,
  '/dashboard/teacher/marks': TEACHER_AREA,
  '/dashboard/teacher/profile': TEACHER_AREA,
  '/dashboard/teacher/exams': TEACHER_AREA,
  '/dashboard/teacher/subjects': TEACHER_ONLY,
  '/dashboard/teacher/attendance': TEACHER_ONLY,
  '/dashboard/staff': STAFF_AREA,
  '/dashboard/staff/notices': STAFF_AREA,
  '/dashboard/staff/reports': STAFF_AREA,
  '/dashboard/superadmin': SUPERADMIN_ONLY,
  '/dashboard/superadmin/users': SUPERADMIN_ONLY,
  '/dashboard/superadmin/logs': SUPERADMIN_ONLY,
  '/dashboard/superadmin/settings': SUPERADMIN_ONLY,
  '/dashboard/librarian': LIBRARIAN_AREA,
} as const satisfies Record<string, readonly Role[]>;

export type GuardedRoute = keyof typeof ROUTE_ROLES;

/** Where `/dashboard` sends a user, keyed by the lower-cased first role. Any other role goes to /login. */
export const DASHBOARD_BY_ROLE: Readonly<Record<string, GuardedRoute>> = {
  admin: '/dashboard/admin',
  student: '/dashboard/student',
  teacher: '/dashboard/teacher',
  staff: '/dashboard/staff',
  superadmin: '/dashboard/superadmin',
  librarian: '/dashboard/librarian',
};
