import {
  Award,
  BarChart3,
  BookOpen,
  BookOpenCheck,
  Briefcase,
  CalendarDays,
  CalendarRange,
  Building2,
  ClipboardCheck,
  ClipboardList,
  ClipboardPen,
  FileText,
  FlaskConical,
  GraduationCap,
  IdCard,
  LayoutDashboard,
  Library,
  Megaphone,
  School,
  ScrollText,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { isRole, type Role } from '@crs/shared/roles';
import { PAGES, type PageDef } from '@/config/pages';
import { paths } from '@/config/paths';

/**
 * The sidebar's icons by name. The page list names them as strings so the icons load with the
 * signed-in frame, not with /login (the page list is part of the first load; decision 0012).
 */
const NAV_ICONS = {
  dashboard: LayoutDashboard,
  award: Award,
  book: BookOpen,
  briefcase: Briefcase,
  megaphone: Megaphone,
  idCard: IdCard,
  library: Library,
  libraryDesk: BookOpenCheck,
  clipboardCheck: ClipboardCheck,
  clipboardList: ClipboardList,
  clipboardPen: ClipboardPen,
  calendar: CalendarDays,
  calendarRange: CalendarRange,
  flask: FlaskConical,
  user: UserRound,
  graduation: GraduationCap,
  users: Users,
  building: Building2,
  chart: BarChart3,
  file: FileText,
  scroll: ScrollText,
  school: School,
  settings: Settings,
} as const satisfies Record<string, LucideIcon>;
export type NavIcon = keyof typeof NAV_ICONS;

export type NavItem = { label: string; to: string; icon: LucideIcon };

const pages: readonly (PageDef & { id: string })[] = Object.entries(PAGES).map(([id, page]) => ({ id, ...page }));

/** One role's sidebar: its entries in the page list, in the list's order. */
export function navForRole(role: Role): readonly NavItem[] {
  const entries = pages.flatMap((page) => {
    const entry = page.nav && Object.hasOwn(page.nav, role) ? page.nav[role] : undefined;
    const to = paths[page.id as keyof typeof paths];
    return entry && typeof to === 'string' ? [{ item: { label: entry.label, to, icon: NAV_ICONS[entry.icon] }, late: 'late' in entry && entry.late === true }] : [];
  });
  // Entries marked `late` (CRS additions) follow the role's others, each group in the list's order.
  return [...entries.filter((e) => !e.late), ...entries.filter((e) => e.late)].map((e) => e.item);
}

/** The menu for a user's first role; an unknown role gets none, and no user is treated as a Student (spec section 2). */
export function navFor(roles: readonly string[] | undefined): readonly NavItem[] {
  const first = roles ? roles[0] : 'Student';
  return isRole(first) ? navForRole(first) : [];
}
