import type { Role } from '@crs/shared/roles';
import { ROUTE_ROLES, type GuardedRoute } from '@crs/shared/routes';
import type { NavIcon } from '@/components/layout/nav-items';

/**
 * Every page of the client, declared once. The router (app/route-table.tsx), the guards, the typed
 * paths (config/paths.ts) and the sidebars (components/layout/nav-items.ts) are derived from this
 * list; adding a page means one entry here plus the page module itself (decision 0017).
 *
 * - `page`: the module under `app/routes/` (without `.tsx`) whose default export renders the page;
 *   the router loads it lazily. A test checks every entry names an existing module.
 * - `guarded` pages render inside the signed-in frame and admit the roles of the spec's table
 *   (`ROUTE_ROLES[path]` in packages/shared, which the server and tests read too); their `path`
 *   must be a key of that table, so TypeScript refuses a guarded page the spec does not list.
 * - `nav`: the sidebar entry per role; each role's sidebar lists its entries in this file's order.
 */
/** `late`: listed after the role's other entries (CRS additions to a sidebar the spec fixes). */
type NavEntry = { label: string; icon: NavIcon; late?: true };
type PageBase = { title: string; page: string; nav?: Partial<Record<Role, NavEntry>> };
export type PublicPage = PageBase & { path: string; guarded?: false };
export type GuardedPage = PageBase & { path: GuardedRoute; guarded: true };
export type PageDef = PublicPage | GuardedPage;

const dashboard = (role: Role) => ({ [role]: { label: 'Dashboard', icon: 'dashboard' } }) as PageBase['nav'];

export const PAGES = {
  login: { title: 'Sign in', path: '/login', page: 'auth/login' },
  // Issue 28: where the server sends the browser back from the college's identity provider (public).
  loginCallback: { title: 'Signing in', path: '/login/callback', page: 'auth/login-callback' },
  register: { title: 'Register', path: '/register', page: 'auth/register' },
  forgotPassword: { title: 'Forgot password', path: '/forgot-password', page: 'auth/forgot-password' },
  resetPassword: { title: 'Reset password', path: '/reset-password', page: 'auth/reset-password' },
  logout: { title: 'Logging out', path: '/logout', page: 'auth/logout' },
  forbidden: { title: 'Access denied', path: '/forbidden', page: 'access-denied' },
  unauthorized: { title: 'Access denied', path: '/unauthorized', page: 'access-denied' },
  // Issue 13: what an ID card's QR code opens; public (whoever scans a card is not signed in).
  verifyIdCard: { title: 'Verify ID card', path: '/verify/:token', page: 'verify' },
  // Issue 27: what a grade card's or transcript's QR code opens; public like the ID card's.
  verifyTranscript: { title: 'Verify grade card or transcript', path: '/verify/transcripts/:token', page: 'verify-transcript' },
  // Issue 31: the public catalogue (no sign-in), while Settings keeps it open.
  opac: { title: 'Library catalogue', path: '/opac', page: 'opac' },

  confirmation: { title: 'Success', path: '/confirmation', page: 'app/confirmation', guarded: true },
  dashboard: { title: 'Dashboard', path: '/dashboard', page: 'app/dashboard-dispatcher', guarded: true },
  // Every role's own account (change password), opened from the header's name and picture.
  account: { title: 'Account', path: '/dashboard/account', page: 'app/account', guarded: true },

  adminDashboard: { title: 'Admin dashboard', path: '/dashboard/admin', page: 'app/dashboards/admin', guarded: true, nav: dashboard('Admin') },
  adminStudents: { title: 'Manage Students', path: '/dashboard/admin/students', page: 'app/users/admin-students', guarded: true, nav: { Admin: { label: 'Manage Students', icon: 'users' } } },
  adminTeachers: { title: 'Manage Teachers', path: '/dashboard/admin/teachers', page: 'app/users/admin-teachers', guarded: true, nav: { Admin: { label: 'Manage Teachers', icon: 'building' } } },
  adminAnalytics: { title: 'Analytics', path: '/dashboard/admin/analytics', page: 'app/analytics/admin-analytics', guarded: true, nav: { Admin: { label: 'Analytics', icon: 'chart' } } },
  adminDocs: { title: 'Document Repository', path: '/dashboard/admin/docs', page: 'app/docs/admin-docs', guarded: true, nav: { Admin: { label: 'Documents', icon: 'file' } } },

  // Issue 30: a parent's or guardian's view of each linked child, read-only.
  guardianDashboard: { title: 'My children', path: '/dashboard/guardian', page: 'app/dashboards/guardian', guarded: true, nav: dashboard('Guardian') },

  studentDashboard: { title: 'Student dashboard', path: '/dashboard/student', page: 'app/dashboards/student', guarded: true, nav: dashboard('Student') },
  studentCourses: { title: 'My Courses', path: '/dashboard/student/courses', page: 'app/academics/student-courses', guarded: true, nav: { Student: { label: 'My Courses', icon: 'book' } } },
  // Issue 25 item 3: what a student looks for daily follows the spec's entries: Timetable, Attendance, Results, Library.
  studentTimetable: { title: 'Timetable', path: '/dashboard/student/timetable', page: 'app/academics/student-timetable', guarded: true, nav: { Student: { label: 'Timetable', icon: 'calendar', late: true } } },
  studentAttendance: { title: 'Attendance', path: '/dashboard/student/attendance', page: 'app/academics/student-attendance', guarded: true, nav: { Student: { label: 'Attendance', icon: 'clipboardCheck', late: true } } },
  studentLibrary: { title: 'Library', path: '/dashboard/student/library', page: 'app/library/student-library', guarded: true },
  studentPlacement: {
    title: 'Placement Portal',
    path: '/dashboard/student/placement',
    page: 'app/placement/student-placement',
    guarded: true,
    nav: { Student: { label: 'Placement', icon: 'briefcase' } },
  },
  studentNotices: { title: 'Notices', path: '/dashboard/student/notices', page: 'app/notices/student-notices', guarded: true, nav: { Student: { label: 'Notices', icon: 'megaphone' } } },
  studentIdCard: { title: 'ID Card', path: '/dashboard/student/idcard', page: 'app/idcards/student-idcard', guarded: true, nav: { Student: { label: 'ID Card', icon: 'idCard' } } },
  // CRS addition (issue 12), after the spec's entries: the student's marks, grades, SGPA and CGPA.
  studentResults: { title: 'Results', path: '/dashboard/student/results', page: 'app/results/student-results', guarded: true, nav: { Student: { label: 'Results', icon: 'award', late: true } } },

  teacherDashboard: { title: 'Teacher dashboard', path: '/dashboard/teacher', page: 'app/dashboards/teacher', guarded: true, nav: dashboard('Teacher') },
  teacherSubjects: { title: 'My Subjects', path: '/dashboard/teacher/subjects', page: 'app/academics/teacher-subjects', guarded: true, nav: { Teacher: { label: 'My Subjects', icon: 'book' } } },
  teacherAttendance: { title: 'Attendance', path: '/dashboard/teacher/attendance', page: 'app/academics/teacher-attendance', guarded: true, nav: { Teacher: { label: 'Attendance', icon: 'clipboardCheck' } } },
  teacherMarks: { title: 'Upload Exam Marks', path: '/dashboard/teacher/marks', page: 'app/assessment/teacher-marks', guarded: true, nav: { Teacher: { label: 'Marks', icon: 'clipboardList' } } },
  teacherResearch: { title: 'Research', path: '/dashboard/teacher/research', page: 'app/teacher/research', guarded: true, nav: { Teacher: { label: 'Research', icon: 'flask' } } },
  teacherProfile: { title: 'Profile', path: '/dashboard/teacher/profile', page: 'app/teacher/profile', guarded: true, nav: { Teacher: { label: 'Profile', icon: 'user' } } },
  // Issue 25 item 3: the exams with their Draft/Published status, after the spec's entries.
  teacherExams: { title: 'Enter Exam Details', path: '/dashboard/teacher/exams', page: 'app/assessment/teacher-exams', guarded: true, nav: { Teacher: { label: 'Exams', icon: 'clipboardPen', late: true } } },
  teacherExamMarks: { title: 'Exam marks', path: '/dashboard/teacher/exams/:id/marks', page: 'app/assessment/exam-marks', guarded: true },

  staffDashboard: { title: 'Staff dashboard', path: '/dashboard/staff', page: 'app/dashboards/staff', guarded: true, nav: dashboard('Staff') },
  // Admin and SuperAdmin publish notices too (issue 13): a late entry in their sidebars.
  staffNotices: {
    title: 'Notices',
    path: '/dashboard/staff/notices',
    page: 'app/notices/manage-notices',
    guarded: true,
    nav: { Staff: { label: 'Notices', icon: 'megaphone' }, Admin: { label: 'Notices', icon: 'megaphone', late: true }, SuperAdmin: { label: 'Notices', icon: 'megaphone', late: true } },
  },
  staffReports: { title: 'Reports', path: '/dashboard/staff/reports', page: 'app/analytics/staff-reports', guarded: true, nav: { Staff: { label: 'Reports', icon: 'file' } } },

  superadminDashboard: { title: 'SuperAdmin dashboard', path: '/dashboard/superadmin', page: 'app/dashboards/superadmin', guarded: true, nav: dashboard('SuperAdmin') },
  superadminUsers: { title: 'Users', path: '/dashboard/superadmin/users', page: 'app/users/superadmin-users', guarded: true, nav: { SuperAdmin: { label: 'Users', icon: 'users' } } },
  // Issue 14 item 2: the audit log (decision 0032).
  superadminLogs: { title: 'System Logs', path: '/dashboard/superadmin/logs', page: 'app/audit/superadmin-logs', guarded: true, nav: { SuperAdmin: { label: 'System Logs', icon: 'scroll' } } },
  superadminSettings: { title: 'Settings', path: '/dashboard/superadmin/settings', page: 'app/settings/superadmin-settings', guarded: true, nav: { SuperAdmin: { label: 'Settings', icon: 'settings' } } },
  // Academic setup (issue 11; a CRS addition the spec's table does not list): the last sidebar entry of Admin and SuperAdmin.
  adminAcademics: {
    title: 'Academic Setup',
    path: '/dashboard/admin/academics',
    page: 'app/academics/admin-academics',
    guarded: true,
    nav: { Admin: { label: 'Academics', icon: 'school' }, SuperAdmin: { label: 'Academics', icon: 'school' } },
  },
  // The semester rollover (issue 27 item 4): right after Academic Setup in the sidebar.
  adminRollover: {
    title: 'Semester Rollover',
    path: '/dashboard/admin/rollover',
    page: 'app/academics/admin-rollover',
    guarded: true,
    nav: { Admin: { label: 'Rollover', icon: 'graduation' }, SuperAdmin: { label: 'Rollover', icon: 'graduation' } },
  },

  // The placement cell (issue 13; a CRS addition the spec's table does not list): the last sidebar entry of Staff, Admin and SuperAdmin.
  placementCell: {
    title: 'Placement Cell',
    path: '/dashboard/placement',
    page: 'app/placement/placement-cell',
    guarded: true,
    nav: { Staff: { label: 'Placement', icon: 'briefcase', late: true }, Admin: { label: 'Placement', icon: 'briefcase', late: true }, SuperAdmin: { label: 'Placement', icon: 'briefcase', late: true } },
  },

  librarianDashboard: { title: 'Circulation desk', path: '/dashboard/librarian', page: 'app/dashboards/librarian', guarded: true, nav: dashboard('Librarian') },
  library: {
    title: 'Library',
    path: '/library',
    page: 'app/library/library',
    guarded: true,
    nav: {
      Student: { label: 'Library', icon: 'library', late: true },
      Teacher: { label: 'Library', icon: 'library' },
      Librarian: { label: 'Library', icon: 'libraryDesk' },
    },
  },
  libraryBook: { title: 'Book', path: '/library/books/:id', page: 'app/library/book', guarded: true },
  libraryTeacher: { title: 'Library', path: '/library/teacher', page: 'app/library/teacher', guarded: true },
  libraryVerifications: {
    title: 'Stock verification',
    path: '/library/verifications',
    page: 'app/library/verifications',
    guarded: true,
    nav: { Librarian: { label: 'Stock verification', icon: 'clipboardCheck', late: true } },
  },

  alumni: { title: 'Alumni', path: '/alumni', page: 'app/alumni/alumni', guarded: true, nav: { Teacher: { label: 'Alumni', icon: 'graduation' } } },
  alumniDetail: { title: 'Alumnus', path: '/alumni/:id', page: 'app/alumni/alumnus', guarded: true },

  // Issue 27: the academic calendar, a late entry in every role's sidebar.
  calendar: {
    title: 'Calendar',
    path: '/calendar',
    page: 'app/calendar/calendar',
    guarded: true,
    nav: {
      Student: { label: 'Calendar', icon: 'calendarRange', late: true },
      Teacher: { label: 'Calendar', icon: 'calendarRange', late: true },
      Staff: { label: 'Calendar', icon: 'calendarRange', late: true },
      Admin: { label: 'Calendar', icon: 'calendarRange', late: true },
      SuperAdmin: { label: 'Calendar', icon: 'calendarRange', late: true },
      Librarian: { label: 'Calendar', icon: 'calendarRange', late: true },
    },
  },

  // Issue 30: the notification history (the header bell links here; every role).
  notifications: { title: 'Notifications', path: '/notifications', page: 'app/notifications', guarded: true },
  notFound: { title: 'Page not found', path: '*', page: 'not-found' },
} as const satisfies Record<string, PageDef>;

export type PageId = keyof typeof PAGES;

/** The roles a page admits: the spec's table for guarded pages, null for public ones. */
export function pageRoles(page: PageDef): readonly Role[] | null {
  return page.guarded ? ROUTE_ROLES[page.path] : null;
}
