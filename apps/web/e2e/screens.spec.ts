import { checkScreen, DEMO, expect, loginAs, snap, test, type DemoRole } from './utils';

// Every public page and every dashboard: axe-core finds no serious or critical violation in light or
// dark mode, and a screenshot of each is saved under test-results/screenshots/ for reviewers.
// The server's CSP (script-src 'self') forbids the injected axe script, so the specs that run axe bypass it;
// the others run the app under the real CSP.
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

test('collapsed sidebar and the logout dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Every page of the sidebars is a real page now (the last placeholders were System Logs and Settings).
  await loginAs(page, 'SuperAdmin');
  await page.getByRole('link', { name: 'System Logs' }).click();
  await expect(page.getByRole('heading', { name: 'System Logs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await checkScreen(page, 'system-logs-collapsed');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirm Logout' })).toBeVisible();
  await checkScreen(page, 'logout-dialog');
});

test('library: search, my loans and a book (Student)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Student');
  await page.goto('/library');
  await expect(page.getByText(/^Showing 1–24 of \d+$/)).toBeVisible();
  await checkScreen(page, 'library-search');
  await page.getByRole('tab', { name: 'My Loans' }).click();
  await expect(page.getByTestId('loan-row').first()).toBeVisible();
  await checkScreen(page, 'library-loans');
  await page.getByRole('link', { name: 'Computer Networks' }).click();
  await expect(page.getByRole('heading', { name: 'Book Information' })).toBeVisible();
  // The student holds it: 'Already borrowed', disabled (issue 25 item 8).
  await expect(page.getByRole('button', { name: 'Already borrowed' })).toBeDisabled();
  await checkScreen(page, 'library-book');
  // A book they do not hold: the catalogue's first card.
  await page.goto('/library');
  await page.getByRole('list', { name: 'Books' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Book Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Borrow This Book' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirm Book Borrow' })).toBeVisible();
  await checkScreen(page, 'library-borrow-dialog');
});

test('library: the teacher view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto('/library/teacher');
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  await checkScreen(page, 'library-teacher');
});

test('library: management and the desk dialogs (Librarian)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Librarian');
  await page.goto('/library?tab=management');
  await expect(page.getByRole('heading', { name: 'Circulation Rules' })).toBeVisible();
  await expect(page.getByTestId('desk-loan-row').first()).toBeVisible();
  await checkScreen(page, 'library-management');
  await page.goto('/library');
  await page.getByRole('searchbox', { name: 'Search books' }).fill('Computer Networks');
  await page.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Computer Networks', exact: true }) }).click();
  await page.getByRole('button', { name: 'Issue Book' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue Book' });
  await issue.getByLabel('Find a member').fill('Aarav');
  await expect(issue.getByRole('radio', { name: /Aarav Sharma/ })).toBeVisible();
  await checkScreen(page, 'library-issue-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit Book' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Book' })).toBeVisible();
  await checkScreen(page, 'library-edit-dialog');
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
