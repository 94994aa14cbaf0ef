import {
  ADMINS,
  ALUMNI_READERS,
  ANY_SIGNED_IN,
  GUARDIAN_ONLY,
  LIBRARY_READERS,
  LIBRARY_STAFF,
  PLACEMENT_CELL,
  STAFF_AREA,
  STUDENT_AREA,
  STUDENT_ONLY,
  SUPERADMIN_ONLY,
  TEACHER_AREA,
  TEACHER_ONLY,
  type Role,
} from './roles.ts';

/**
 * The guarded routes of the web client and the roles each admits (spec section 2, plus the fixes in
 * product.md section 2). An empty list lets any signed-in user pass. Role matching is case-sensitive.
 * The server enforces access to data on its own; this table only decides what the client shows.
 * The web's page list (apps/web/src/config/pages.ts) takes each guarded page's roles from here.
 */
export const ROUTE_ROLES = {
  '/confirmation': ANY_SIGNED_IN,
  // CRS addition: the signed-in user's account (change password), linked from the header's name.
  '/dashboard/account': ANY_SIGNED_IN,
  '/alumni': ALUMNI_READERS,
  '/alumni/:id': ALUMNI_READERS,
  '/library': LIBRARY_READERS,
  '/library/books/:id': LIBRARY_READERS,
  '/library/teacher': ANY_SIGNED_IN,
  // Issue 31: stock verification (the desk).
  '/library/verifications': LIBRARY_STAFF,
  // CRS addition (issue 27): the academic calendar (month, week, agenda) of whatever concerns the caller.
  '/calendar': ANY_SIGNED_IN,
  // CRS addition (issue 30): the caller's notifications, newest first, with paging.
  '/notifications': ANY_SIGNED_IN,
  // The dispatcher admits Librarian too: it has its own dashboard (product.md section 2).
  '/dashboard': ['Admin', 'Student', 'SuperAdmin', 'Teacher', 'Staff', 'Librarian', 'Guardian'],
  '/dashboard/admin': ADMINS,
  '/dashboard/admin/docs': ADMINS,
  '/dashboard/admin/students': ADMINS,
  '/dashboard/admin/teachers': ADMINS,
  '/dashboard/admin/analytics': ADMINS,
  // CRS addition (issue 11): academic setup — departments, subjects, sections, timetable.
  '/dashboard/admin/academics': ADMINS,
  // Issue 27 item 4: the semester rollover.
  '/dashboard/admin/rollover': ADMINS,
  '/dashboard/student': STUDENT_AREA,
  '/dashboard/student/courses': STUDENT_ONLY,
  '/dashboard/student/library': STUDENT_ONLY,
  '/dashboard/student/placement': STUDENT_ONLY,
  '/dashboard/student/notices': STUDENT_ONLY,
  // CRS addition (issue 11): the weekly timetable behind the dashboard's 'View Timetable'.
  '/dashboard/student/timetable': STUDENT_ONLY,
  // CRS addition (issue 25): attendance per subject, with each class held and how the student was marked.
  '/dashboard/student/attendance': STUDENT_ONLY,
  // CRS addition (issue 12): the student's results (marks of published exams, grades, SGPA, CGPA).
  '/dashboard/student/results': STUDENT_ONLY,
  '/dashboard/student/idcard': ['Student', 'Teacher', 'Admin', 'SuperAdmin'],
  '/dashboard/teacher': TEACHER_AREA,
  '/dashboard/teacher/research': TEACHER_AREA,
  '/dashboard/teacher/marks': TEACHER_AREA,
  '/dashboard/teacher/profile': TEACHER_AREA,
  '/dashboard/teacher/exams': TEACHER_AREA,
  // CRS addition (issue 12): one exam's marks entered in a grid (the section's roster), from Enter Exam Details.
  '/dashboard/teacher/exams/:id/marks': TEACHER_AREA,
  '/dashboard/teacher/subjects': TEACHER_ONLY,
  '/dashboard/teacher/attendance': TEACHER_ONLY,
  '/dashboard/staff': STAFF_AREA,
  '/dashboard/staff/notices': STAFF_AREA,
  '/dashboard/staff/reports': STAFF_AREA,
  // CRS addition (issue 13): the placement cell's jobs, applicants and exports.
  '/dashboard/placement': PLACEMENT_CELL,
  '/dashboard/superadmin': SUPERADMIN_ONLY,
  '/dashboard/superadmin/users': SUPERADMIN_ONLY,
  '/dashboard/superadmin/logs': SUPERADMIN_ONLY,
  '/dashboard/superadmin/settings': SUPERADMIN_ONLY,
  '/dashboard/librarian': LIBRARY_STAFF,
  // CRS addition (issue 30): a parent's or guardian's read-only view of each linked child.
  '/dashboard/guardian': GUARDIAN_ONLY,
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
  guardian: '/dashboard/guardian',
};
