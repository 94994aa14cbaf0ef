import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** The server e2e/global-setup.ts started for this worker (one per worker, by parallel index). */
function ownServer(parallelIndex: number): { url: string; logFile: string } {
  const servers = JSON.parse(process.env.CRS_E2E_SERVERS ?? '[]') as { url: string; logFile: string }[];
  const server = servers[parallelIndex];
  if (!server) throw new Error(`No e2e server for worker ${parallelIndex}; run through playwright.config.ts`);
  return server;
}

/**
 * Playwright's test against this worker's own server, failing any test whose page throws an
 * uncaught error.
 */
export const test = base.extend<{ failOnPageError: void }>({
  // CRS_E2E_BASE_URL (playwright.config.ts) still points every browser at one address when set.
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(process.env.CRS_E2E_BASE_URL ? baseURL : ownServer(testInfo.parallelIndex).url);
  },
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  Student: { email: 'student@demo.crs', dashboard: '/dashboard/student' },
  Teacher: { email: 'teacher@demo.crs', dashboard: '/dashboard/teacher' },
  Staff: { email: 'staff@demo.crs', dashboard: '/dashboard/staff' },
  Admin: { email: 'admin@demo.crs', dashboard: '/dashboard/admin' },
  SuperAdmin: { email: 'superadmin@demo.crs', dashboard: '/dashboard/superadmin' },
  Librarian: { email: 'librarian@demo.crs', dashboard: '/dashboard/librarian' },
} as const;
export type DemoRole = keyof typeof DEMO;

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.resolve(here, '..', 'test-results', 'screenshots');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Fills and submits the login form; resolves once the app has left /login. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // The sign-in form itself, not the page before it: after a navigation to /login the router keeps
  // showing the previous page until /login's modules have arrived, and the register page has an
  // Email and a Password field too (a fill there was lost when the form replaced it).
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in as a demo account through the real form and waits for that role's dashboard. */
export async function loginAs(page: Page, role: DemoRole): Promise<void> {
  await page.goto('/login');
  await login(page, DEMO[role].email);
  await expect(page).toHaveURL(DEMO[role].dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Runs axe-core in the page: no serious or critical violations allowed. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Once per document: checkScreen's second theme (and any later check of the same page) reuses it;
  // a navigation makes a new document without it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * Saves a full-page screenshot under test-results/screenshots/<name>-<theme>.png, for people to look
 * at; it asserts nothing. CRS_E2E_SCREENSHOTS=0 (CI, which keeps no pictures) takes none.
 */
export async function snap(page: Page, name: string, theme: 'light' | 'dark'): Promise<void> {
  if (process.env.CRS_E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${theme}.png`), fullPage: true });
}

/**
 * Checks a screen in both themes (the app follows the OS preference by default): axe in light and
 * dark, and a screenshot of each for reviewers.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Reduced motion (sonner honours it) so axe never measures a toast half-way through its fade: the
  // "Login successful!" toast fading out under load failed color-contrast on a dark screen. A toast
  // is then checked fully shown or not at all.
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.waitForLoadState('networkidle');
  await animationsEnded(page);
  await snap(page, name, 'light');
  await expectNoSeriousA11yViolations(page, `${name} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await animationsEnded(page);
  await snap(page, name, 'dark');
  await expectNoSeriousA11yViolations(page, `${name} (dark)`);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
}

/**
 * Resolves when every animation and transition of the page that ends has ended (a dialog's entrance,
 * a colour change after a theme switch): axe then reads each colour as it stays, not half-way. Under
 * reduced motion there are few, and they end on their first frame, which a busy machine may hold back.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        // A cancelled animation (its element left the page) has ended too.
        .map((a) => a.finished.then(() => undefined, () => undefined)),
    ),
  );
}

/** The newest password-reset link this worker's server printed for `email` (mail goes to the log without SMTP). */
export async function resetLinkFor(email: string): Promise<string> {
  const { logFile } = ownServer(test.info().parallelIndex);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes(`to=${email}`) && l.includes('reset-password?token='));
    const match = lines.at(-1)?.match(/link=(\S+)/);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No reset link for ${email} in ${logFile}`);
}

/** The mails this worker's server printed for `email` so far (without SMTP its outbox prints one line per mail: `MAIL to=… subject=…`). */
export function printedMails(email: string): string[] {
  const { logFile } = ownServer(test.info().parallelIndex);
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`MAIL to=${email} `));
}

/** Fills and sends the sign-up form at /register as `role` (the page then goes to /login). */
export async function register(page: Page, who: { name: string; email: string; password: string; role: 'Student' | 'Teacher' | 'Staff' }): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  await page.getByLabel(who.role).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A unique address per run, so tests can register fresh accounts against one server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;
}

/** The college's date ("YYYY-MM-DD") `offset` days from today, on its clock (CRS_TIMEZONE, else the servers' default). */
export function collegeDate(offset = 0): string {
  const tz = process.env.CRS_TIMEZONE ?? 'Asia/Kolkata';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Removes the demo calendar's holidays that fall on `dates`, as the demo Admin: a spec that takes
 * attendance today or on recent days would otherwise meet a real holiday (Diwali, Christmas ...) on
 * some days of the year, and a session on a holiday is refused (409), as it is for a teacher. The spec
 * owns its days this way; no other spec reads the demo college's holidays.
 */
export async function clearHolidays(request: APIRequestContext, dates: readonly string[]): Promise<void> {
  const login = await request.post('/api/v1/auth/login', { data: { email: DEMO.Admin.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const sorted = [...dates].sort();
  const res = await request.get('/api/v1/calendar/events', { headers, params: { from: sorted[0]!, to: sorted.at(-1)!, kind: 'holiday' } });
  expect(res.ok()).toBe(true);
  const { events } = (await res.json()) as { events: { _id: string; startDate: string; endDate: string }[] };
  for (const e of events.filter((h) => dates.some((d) => h.startDate <= d && d <= h.endDate))) {
    const del = await request.delete(`/api/v1/calendar/events/${e._id}`, { headers });
    expect(del.ok()).toBe(true);
  }
}
