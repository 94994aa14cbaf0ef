import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { Role } from '@crs/shared/roles';
import { ROUTE_ROLES } from '@crs/shared/routes';
import { DEMO, DEMO_PASSWORD, expect, loginAs, test, type DemoRole } from './utils';

// Issue 25 item 2: every page the spec's route table (packages/shared/src/routes.ts) allows a role
// opens for that role — and every page of its sidebar does — without the access-denied screen and
// without a 403 from the page's own calls. A page for a role without data of its own shows a picker
// or an empty state instead.

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

test.describe('every allowed route × role opens without a 403', () => {
  // Each role's walk only reads (it signs in and opens pages), so the six walks may run on different
  // workers, each against its own server: the file's minutes of page loads no longer sit on one
  // worker at the end of the run (decision 0034).
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
      const sidebar = await page
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(sidebar.length).toBeGreaterThan(0);
      const paths = [...new Set([...allowedRoutes(role).map((p) => params[p] ?? p), ...sidebar])];
      // Every parameterised route has a real id.
      expect(paths.filter((p) => p.includes(':'))).toEqual([]);
      for (const path of paths) await expectOpens(page, path, forbidden);
    });
  }
});
