import { describe, expect, it } from 'vitest';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { navFor } from '@/components/layout/nav-items';
import { PAGES, pageRoles, type PageDef } from '@/config/pages';
import { paths } from '@/config/paths';
import { preloadRoute, routes } from './route-table';

const pages: readonly PageDef[] = Object.values(PAGES);
const flatten = (list: typeof routes): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...flatten(r.children ?? [])]);

describe('the page list', () => {
  it('declares exactly the guarded routes of the spec table, each once, with its roles', () => {
    const guarded = pages.filter((p) => p.guarded).map((p) => p.path);
    expect([...guarded].sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
    for (const page of pages) {
      if (page.guarded) expect(pageRoles(page)).toBe(ROUTE_ROLES[page.path]);
      else expect(Object.keys(ROUTE_ROLES)).not.toContain(page.path);
    }
  });

  it('gives the router one route per page, each loading an existing page module', async () => {
    expect(flatten(routes).filter((p) => p !== '/').sort()).toEqual(pages.map((p) => p.path).sort());
    // Loading every page's modules proves each page names a real module with a default export.
    for (const page of pages) {
      const path = page.path.replace(':id', '1').replace('*', 'no/such/page');
      await expect(preloadRoute(path), page.path).resolves.toBeUndefined();
    }
  });

  it('derives typed paths, filling in params', () => {
    expect(paths.library).toBe('/library');
    expect(paths.libraryBook({ id: 'a b/c' })).toBe('/library/books/a%20b%2Fc');
    expect(paths.libraryManagement).toBe('/library?tab=management');
  });

  it('derives each role sidebar in the spec order (section 2) and none for an unknown role', () => {
    const menu = (roles?: string[]) => navFor(roles).map((i) => `${i.label} ${i.to}`);
    expect(menu(['Student'])).toEqual([
      'Dashboard /dashboard/student',
      'My Courses /dashboard/student/courses',
      'Placement /dashboard/student/placement',
      'Notices /dashboard/student/notices',
      'ID Card /dashboard/student/idcard',
      // Issue 25: CRS additions after the spec's entries.
      'Timetable /dashboard/student/timetable',
      'Attendance /dashboard/student/attendance',
      'Results /dashboard/student/results',
      'Library /library',
      // Issue 27: the calendar, last in every sidebar.
      'Calendar /calendar',
    ]);
    expect(menu(['Teacher'])).toEqual([
      'Dashboard /dashboard/teacher',
      'My Subjects /dashboard/teacher/subjects',
      'Attendance /dashboard/teacher/attendance',
      'Marks /dashboard/teacher/marks',
      'Research /dashboard/teacher/research',
      'Profile /dashboard/teacher/profile',
      'Library /library',
      'Alumni /alumni',
      'Exams /dashboard/teacher/exams',
      'Calendar /calendar',
    ]);
    expect(menu(['Admin']).map((l) => l.split(' /')[0])).toEqual(['Dashboard', 'Manage Students', 'Manage Teachers', 'Analytics', 'Documents', 'Academics', 'Rollover', 'Notices', 'Placement', 'Calendar']);
    expect(menu(['Staff'])).toEqual(['Dashboard /dashboard/staff', 'Notices /dashboard/staff/notices', 'Reports /dashboard/staff/reports', 'Placement /dashboard/placement', 'Calendar /calendar']);
    expect(menu(['SuperAdmin']).map((l) => l.split(' /')[0])).toEqual(['Dashboard', 'Users', 'System Logs', 'Settings', 'Academics', 'Rollover', 'Notices', 'Placement', 'Calendar']);
    expect(menu(['Librarian'])).toEqual(['Dashboard /dashboard/librarian', 'Library /library', 'Stock verification /library/verifications', 'Calendar /calendar']);
    expect(menu(undefined)).toEqual(menu(['Student']));
    expect(menu(['Janitor'])).toEqual([]);
    expect(menu(['constructor'])).toEqual([]);
  });
});
