import type { APIRequestContext, Page, Response } from '@playwright/test';
import { hasAnyRole, type Role } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { DEMO, DEMO_PASSWORD, expect, loginAs, test, type DemoRole } from './utils';

// One walk per role over every page it may open (issue 25 items 2 and 8), checking at each page:
// - it opens without the access-denied screen and without a 403 from the page's own calls: every
//   page the spec's route table (packages/shared/src/routes.ts) allows the role, and every page of its
//   sidebar (a page for a role without data of its own shows a picker or an empty state instead);
// - it works on a 390 px phone: no page is wider than the screen, and no table loses a column (every
//   header cell is shown and lies inside its table's scrolling box, which scrolls to it while the
//   first column stays in place); the library's tabs, which hold the widest tables, are walked too.
// The two checks were two walks over the same pages; one walk opens each page once (decision 0034).
const PHONE = { width: 390, height: 844 };
const TABS = ['/library?tab=loans', '/library?tab=management'];

async function tokenOf(request: APIRequestContext, role: DemoRole): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email: DEMO[role].email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(`/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

/** Real ids for the table's parameterised routes: an alumnus, a book and an exam of the demo teacher (whom Admins may also act for). */
async function routeParams(request: APIRequestContext): Promise<Record<string, string>> {
  const [admin, teacher] = await Promise.all([tokenOf(request, 'Admin'), tokenOf(request, 'Teacher')]);
  const [alumni, books, exams] = await Promise.all([
    apiGet<{ alumni: { _id: string }[] }>(request, admin, '/alumni?pageSize=1'),
    apiGet<{ books: { _id: string }[] }>(request, admin, '/library/books?pageSize=1'),
    apiGet<{ exams: { _id: string }[] }>(request, teacher, '/assesment/exams'),
  ]);
  return {
    '/alumni/:id': `/alumni/${alumni.alumni[0]!._id}`,
    '/library/books/:id': `/library/books/${books.books[0]!._id}`,
    '/dashboard/teacher/exams/:id/marks': `/dashboard/teacher/exams/${exams.exams[0]!._id}/marks`,
  };
}

/** The table's routes a role may open (an empty list admits any signed-in user). */
function allowedRoutes(role: Role): string[] {
  return Object.entries(ROUTE_ROLES)
    .filter(([, roles]) => roles.length === 0 || (roles as readonly Role[]).includes(role))
    .map(([path]) => path);
}

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

/** The pages the phone check covers: the table's own pages (no ids) and the library's tabs. */
function phonePagesOf(role: DemoRole): string[] {
  const own = Object.entries(ROUTE_ROLES)
    .filter(([path, roles]) => !path.includes(':') && path !== '/dashboard' && hasAnyRole([role], roles as readonly Role[]))
    .map(([path]) => path);
  return [...own, ...(own.includes('/library') ? TABS : [])];
}

/**
 * Opens `path` and fails on the access-denied screen or a 403 answer to any API call of the page. The
 * checks are soft, so one run lists every page that fails for the role.
 */
async function expectOpens(page: Page, path: string, forbidden: string[]): Promise<void> {
  forbidden.length = 0;
  await page.goto(path);
  await expect.soft(page.getByRole('heading', { level: 1 }).first(), `${path} shows its heading`).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect.soft(new URL(page.url()).pathname, `${path} ended on the access-denied screen`).not.toMatch(/^\/(unauthorized|forbidden)$/);
  await expect.soft(page.getByText("You don't have permission to access this page."), `${path} shows the access-denied text`).toHaveCount(0);
  expect.soft([...forbidden], `403 answers while opening ${path}`).toEqual([]);
}

test.describe('every page of every role: opens without a 403, fits a 390 px phone', () => {
  // Each role's walk only reads (it signs in and opens pages), so the six walks may run on different
  // workers, each against its own server (decision 0034).
  test.describe.configure({ mode: 'parallel' });
  for (const role of Object.keys(DEMO) as DemoRole[]) {
    test(`${role}: the route table's pages and the sidebar's`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      const params = await routeParams(page.request);
      const forbidden: string[] = [];
      page.on('response', (r: Response) => {
        if (r.status() === 403 && r.url().includes('/api/v1/')) forbidden.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      await loginAs(page, role);
      // The sidebar's links as the desktop shows them (a phone folds the sidebar into a drawer).
      const sidebar = await page
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(sidebar.length).toBeGreaterThan(0);
      const phonePages = new Set(phonePagesOf(role));
      const paths = [...new Set([...allowedRoutes(role).map((p) => params[p] ?? p), ...sidebar, ...phonePages])];
      // Every parameterised route has a real id.
      expect(paths.filter((p) => p.includes(':'))).toEqual([]);
      await page.setViewportSize(PHONE);
      let checkedTables = 0;
      for (const path of paths) {
        await expectOpens(page, path, forbidden);
        if (!phonePages.has(path)) continue;
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
        const tables = await cutTables(page);
        expect.soft(tables.problems, `${path}: tables cut on a phone`).toEqual([]);
        checkedTables += tables.checked;
      }
      // The walk met tables (the librarian's desk, the users lists, My Loans ...), so the check above ran.
      expect(checkedTables).toBeGreaterThan(0);
    });
  }
});
