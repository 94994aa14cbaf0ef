import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { COMMON_MSG } from '@crs/shared/messages/common';
import { DEMO, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, loginAs, test } from './utils';

// Keyboard use of the frame (issue 25, item 11): the skip link, the phone drawer as a modal, a
// dialog opened from a row's Actions menu, and /library's heading levels.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The skip link is the page's first focusable element, shows on focus, and takes the focus to the main content. */
async function expectSkipLink(page: Page, { byTab }: { byTab: boolean }) {
  const skip = page.getByRole('link', { name: COMMON_MSG.skipToMain });
  const first = await page.evaluate(() => document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')?.textContent);
  expect(first).toBe(COMMON_MSG.skipToMain);
  if (byTab) await page.keyboard.press('Tab');
  else await skip.focus();
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box && box.width > 20 && box.height > 20 && box.x >= 0 && box.y >= 0, 'the focused skip link is visible').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // Tab goes on from the content, not from the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  // Hidden again once the focus has left it.
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
}

test('a skip link to the main content is the first thing Tab reaches, signed in and on the sign-in page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // /login puts the focus in its Email field itself, so there the link is checked by its place and its effect.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered page is replaced by the live one once the scripts run: wait for that.
  await page.waitForLoadState('networkidle');
  await expectSkipLink(page, { byTab: false });

  await loginAs(page, 'Student');
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectSkipLink(page, { byTab: true });
  await expect(page).toHaveURL('/library');
});

test('the phone drawer keeps the focus while open, Escape closes it and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, 'Student');
  const toggle = page.getByRole('button', { name: 'Expand sidebar' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const entries = sidebar.getByRole('link');
  // Opening moves the focus to the drawer's first entry.
  await expect(entries.first()).toBeFocused();
  const close = page.getByRole('button', { name: 'Collapse sidebar' });

  // Tab never leaves the drawer and its button, however far it goes, forwards or backwards.
  const stops = (await entries.count()) + 2; // the entries, Logout, the drawer's button
  const where = () => page.evaluate(() => (document.getElementById('app-sidebar')?.contains(document.activeElement) ? 'drawer' : document.activeElement?.getAttribute('aria-controls') === 'app-sidebar' ? 'button' : (document.activeElement?.outerHTML.slice(0, 80) ?? 'none')));
  const seen = new Set<string>();
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press('Tab');
    seen.add(await where());
  }
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press('Shift+Tab');
    seen.add(await where());
  }
  expect([...seen].sort()).toEqual(['button', 'drawer']);
  // The page behind the backdrop takes no focus.
  expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);

  await entries.nth(1).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar-backdrop')).toHaveCount(0);
  await expect(sidebar).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);

  // Closing with its own button keeps the focus there too.
  await page.keyboard.press('Enter');
  await expect(entries.first()).toBeFocused();
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar).toBeHidden();
  await expect(toggle).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the phone frame after the drawer closed');
});

test("a dialog opened from a row's Actions menu gives the focus back to the menu's button", async ({ page, request }) => {
  const login = await request.post('/api/v1/auth/login', { data: { email: DEMO.Teacher.email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const name = `Kavya Zk${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created = await request.post('/api/v1/alumni', { headers: { authorization: `Bearer ${token}` }, data: { name, currentCompany: 'Infosys', currentRole: 'Engineer' } });
  expect(created.ok()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto(`/alumni?q=${encodeURIComponent(name)}`);
  const actions = page.getByRole('button', { name: `Actions for ${name}` });
  await actions.focus();
  await page.keyboard.press('Enter');
  const view = page.getByRole('menuitem', { name: 'View Details' });
  await expect(view).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(actions).toBeFocused();

  // The same through a form dialog (Edit), closed with Cancel.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Alumni Profile' });
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);
  await expect(actions).toBeFocused();
});

for (const role of ['Student', 'Teacher', 'Librarian'] as const) {
  test(`${role}: /library's headings go down one level at a time`, async ({ page }) => {
    await loginAs(page, role);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The catalogue's cards are there (their titles were h3 right under the page's h1).
    await expect(page.getByRole('list', { name: 'Books' }).getByRole('listitem').first()).toBeVisible();
    const levels = await page.evaluate(() => Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')).map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual(1);
    // axe's own check (a moderate rule, which the shared serious/critical check leaves out).
    await page.addScriptTag({ path: AXE_PATH });
    const order = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string }[] }> } }).axe;
      return (await axe.run(document, { runOnly: ['heading-order'] })).violations.map((v) => v.id);
    });
    expect(order).toEqual([]);
  });
}
