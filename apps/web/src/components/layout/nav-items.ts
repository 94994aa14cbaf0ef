import {
  BarChart3,
  BookOpen,
  BookOpenCheck,
  Briefcase,
  Building2,
  ClipboardCheck,
  ClipboardList,
  FileText,
  FlaskConical,
  GraduationCap,
  IdCard,
  LayoutDashboard,
  Library,
  Megaphone,
  ScrollText,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export type NavItem = { label: string; to: string; icon: LucideIcon };

/** The sidebar by role (spec section 2, plus Library for Student and the Librarian's own menu). */
export const NAV_BY_ROLE: Readonly<Record<string, readonly NavItem[]>> = {
  Student: [
    { label: 'Dashboard', to: paths.student.root, icon: LayoutDashboard },
    { label: 'My Courses', to: paths.student.courses, icon: BookOpen },
    { label: 'Placement', to: paths.student.placement, icon: Briefcase },
    { label: 'Notices', to: paths.student.notices, icon: Megaphone },
    { label: 'ID Card', to: paths.student.idcard, icon: IdCard },
    { label: 'Library', to: paths.library.root, icon: Library },
  ],
  Teacher: [
    { label: 'Dashboard', to: paths.teacher.root, icon: LayoutDashboard },
    { label: 'My Subjects', to: paths.teacher.subjects, icon: BookOpen },
    { label: 'Attendance', to: paths.teacher.attendance, icon: ClipboardCheck },
    { label: 'Marks', to: paths.teacher.marks, icon: ClipboardList },
    { label: 'Research', to: paths.teacher.research, icon: FlaskConical },
    { label: 'Profile', to: paths.teacher.profile, icon: UserRound },
    { label: 'Library', to: paths.library.root, icon: Library },
    { label: 'Alumni', to: paths.alumni.root, icon: GraduationCap },
  ],
  Admin: [
    { label: 'Dashboard', to: paths.admin.root, icon: LayoutDashboard },
    { label: 'Manage Students', to: paths.admin.students, icon: Users },
    { label: 'Manage Teachers', to: paths.admin.teachers, icon: Building2 },
    { label: 'Analytics', to: paths.admin.analytics, icon: BarChart3 },
    { label: 'Documents', to: paths.admin.docs, icon: FileText },
  ],
  Staff: [
    { label: 'Dashboard', to: paths.staff.root, icon: LayoutDashboard },
    { label: 'Notices', to: paths.staff.notices, icon: Megaphone },
    { label: 'Reports', to: paths.staff.reports, icon: FileText },
  ],
  SuperAdmin: [
    { label: 'Dashboard', to: paths.superadmin.root, icon: LayoutDashboard },
    { label: 'Users', to: paths.superadmin.users, icon: Users },
    { label: 'System Logs', to: paths.superadmin.logs, icon: ScrollText },
    { label: 'Settings', to: paths.superadmin.settings, icon: Settings },
  ],
  Librarian: [
    { label: 'Dashboard', to: paths.librarian.root, icon: LayoutDashboard },
    { label: 'Library', to: paths.library.root, icon: BookOpenCheck },
  ],
};

/** The menu for a user's first role; an unknown role gets none, and no user is treated as a Student. */
export function navFor(roles: readonly string[] | undefined): readonly NavItem[] {
  if (!roles) return NAV_BY_ROLE.Student ?? [];
  const first = roles[0];
  return (first !== undefined && NAV_BY_ROLE[first]) || [];
}
