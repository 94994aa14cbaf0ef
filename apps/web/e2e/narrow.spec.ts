import { hasAnyRole, type Role } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { DEMO, expect, loginAs, test, type DemoRole } from './utils';

// Every page works on a 390 px phone: no page is wider than the screen (wide tables scroll inside
// their own box). Walks every route of the spec's table that each demo role may open, plus the
// library's tabs, which hold the widest tables.
const PHONE = { width: 390, height: 844 };
const TABS = ['/library?tab=loans', '/library?tab=management'];

function pagesOf(role: DemoRole): string[] {
  const own = Object.entries(ROUTE_ROLES)
    .filter(([path, roles]) => !path.includes(':') && path !== '/dashboard' && hasAnyRole([role], roles as readonly Role[]))
    .map(([path]) => path);
  return [...own, ...(own.includes('/library') ? TABS : [])];
}

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`${role}: every page fits a 390 px screen`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await loginAs(page, role);
    for (const path of pagesOf(role)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Tables and counters fill in after their data arrives.
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    }
  });
}
