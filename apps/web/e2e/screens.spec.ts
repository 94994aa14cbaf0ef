import { checkScreen, DEMO, expect, loginAs, snap, test, type DemoRole } from './utils';

// Every public page and every dashboard: axe-core finds no serious or critical violation in light or
// dark mode, and a screenshot of each is saved under test-results/screenshots/ for reviewers.
// The server's CSP (script-src 'self') forbids the injected axe script, so only this file bypasses it;
// every other spec runs the app under the real CSP.
test.use({ bypassCSP: true });

const PUBLIC_PAGES: [string, string, string][] = [
  ['login', '/login', 'Login'],
  ['register', '/register', 'Create an account'],
  ['forgot-password', '/forgot-password', 'Forgot password'],
  ['reset-password', '/reset-password?token=example', 'Reset password'],
  ['access-denied', '/forbidden', 'Access denied'],
  ['not-found', '/no-such-page', 'Page not found'],
];

for (const [name, path, heading] of PUBLIC_PAGES) {
  test(`public page ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await checkScreen(page, name);
  });
}

test('validation errors are announced and accessible', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await checkScreen(page, 'register-errors');
});

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`${role} dashboard`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, role);
    await checkScreen(page, `dashboard-${role.toLowerCase()}`);
  });
}

test('collapsed sidebar, logout dialog and a placeholder page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.getByRole('link', { name: 'Attendance' }).click();
  await expect(page.getByText('This page is coming with the attendance module.')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await checkScreen(page, 'placeholder-collapsed');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirm Logout' })).toBeVisible();
  await checkScreen(page, 'logout-dialog');
});

test('the drawer at 800 px', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await loginAs(page, 'Student');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
  await checkScreen(page, 'drawer-800px');
});

test('success page', async ({ page }) => {
  await loginAs(page, 'Student');
  await page.goto('/confirmation');
  await expect(page.getByRole('heading', { name: 'Success! Action completed successfully!' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  await snap(page, 'confirmation', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await snap(page, 'confirmation', 'dark');
});
