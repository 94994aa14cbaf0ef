import { hasAnyRole, type Role } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test, type DemoRole } from './utils';

// Every page works on a 390 px phone: no page is wider than the screen, and no table loses a column
// (issue 25): every header cell is shown and lies inside its table's scrolling box, which scrolls to
// it while the first column stays in place. Walks every route of the spec's table that each demo role
// may open, plus the library's tabs, which hold the widest tables.
const PHONE = { width: 390, height: 844 };

// Every test here only signs in and reads pages, so the file's walks may run on different workers,
// each against its own server (decision 0034).
test.describe.configure({ mode: 'parallel' });
const TABS = ['/library?tab=loans', '/library?tab=management'];

/**
 * Problems with the page's visible tables at this width: a hidden header cell, or one beyond what its
 * box can scroll to or the screen shows. For a table that scrolls, scrolls it to its end and checks
 * that the last column comes into the box and the first stays at the box's left edge.
 */
async function cutTables(page: Page): Promise<{ checked: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    let checked = 0;
    const scrollsX = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const rect = table.getBoundingClientRect();
      if (rect.width <= 1 || table.closest('.sr-only')) continue; // a chart's text alternative
      checked += 1;
      const name = table.querySelector('caption')?.textContent ?? 'table';
      let box: HTMLElement | null = table.parentElement;
      while (box && box !== document.body && !scrollsX(box)) box = box.parentElement;
      const frame = box && box !== document.body ? box : null;
      const frameRect = frame?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
      if (frameRect.right > window.innerWidth + 1) problems.push(`${name}: its box ends at ${frameRect.right} px, beyond the screen`);
      const headers = Array.from(table.querySelectorAll('thead th')) as HTMLElement[];
      for (const th of headers) {
        const label = th.textContent?.trim() || '(unnamed)';
        const style = getComputedStyle(th);
        const r = th.getBoundingClientRect();
        if (style.display === 'none' || style.visibility === 'hidden' || r.width === 0) {
          problems.push(`${name}: column ${label} is hidden`);
          continue;
        }
        const right = frame ? r.right - frameRect.left + frame.scrollLeft : r.right;
        const limit = frame ? frame.scrollWidth : window.innerWidth;
        if (right > limit + 1) problems.push(`${name}: column ${label} ends at ${Math.round(right)} px, past ${limit} px`);
      }
      if (frame && frame.scrollWidth > frame.clientWidth + 1 && headers.length > 1) {
        frame.scrollLeft = frame.scrollWidth;
        const boxNow = frame.getBoundingClientRect();
        const last = headers[headers.length - 1]!.getBoundingClientRect();
        if (last.right > boxNow.right + 1) problems.push(`${name}: scrolled to its end, the last column still ends at ${last.right} px, past ${boxNow.right} px`);
        const sticky = Array.from(table.querySelectorAll('thead th.sticky')) as HTMLElement[];
        if (frame.dataset.testid === 'table-scroll') {
          if (sticky.length === 0) problems.push(`${name}: no column stays in place while it scrolls`);
          else if (Math.abs(sticky[0]!.getBoundingClientRect().left - boxNow.left) > 1) problems.push(`${name}: its first column scrolled away`);
        }
        frame.scrollLeft = 0;
      }
    }
    return { checked, problems };
  });
}

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
    let checkedTables = 0;
    for (const path of pagesOf(role)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Tables and counters fill in after their data arrives.
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
      const tables = await cutTables(page);
      expect(tables.problems, `${path}: tables cut on a phone`).toEqual([]);
      checkedTables += tables.checked;
    }
    // The walk met tables (the librarian's desk, the people lists, My Loans ...), so the check above ran.
    expect(checkedTables).toBeGreaterThan(0);
  });
}

test('Student: Upcoming Deadlines reads in one column on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, 'Student');
  const list = page.getByRole('list', { name: 'Upcoming Deadlines' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Each item's date sits below its title, not beside it.
  const items = await list.getByRole('listitem').evaluateAll((lis) =>
    lis.map((li) => {
      const [text, when] = Array.from(li.children).map((c) => c.getBoundingClientRect());
      return { stacked: !!text && !!when && when.top >= text.bottom - 1 && Math.abs(when.left - text.left) <= 1 };
    }),
  );
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((i) => i.stacked)).toBe(true);
});
