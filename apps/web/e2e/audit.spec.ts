import type { Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { AUDIT_ACTIONS } from '@crs/shared/schemas/audit';
import { checkScreen, expect, loginAs, test, uniqueEmail } from './utils';

// System Logs (issue 14 item 2) against the real server: a SuperAdmin disables a person on Users,
// then finds the entry on System Logs by action and by who was acted on, with the status before
// and after; an Admin is refused the page; light and dark pass axe; the page fits a 390 px phone.
// The person has a run-unique email, so the file passes twice on one server.

test.use({ bypassCSP: true });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function addAndDisable(page: Page, name: string, email: string) {
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Add person' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Department').selectOption({ label: 'Civil Engineering' });
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText(MSG.userCreated)).toBeVisible();
  await page.getByRole('searchbox').fill(email);
  const row = page.getByTestId('person-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(MSG.userDisabled)).toBeVisible();
  await expect(row).toContainText('Disabled');
}

test('SuperAdmin disables a person, then finds the entry with the status before and after on System Logs', async ({ page }) => {
  const name = `Farah Qureshi ${run}`;
  const email = uniqueEmail('farah');
  await loginAs(page, 'SuperAdmin');
  await addAndDisable(page, name, email);

  await page.getByRole('link', { name: 'System Logs' }).click();
  await expect(page).toHaveURL('/dashboard/superadmin/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: AUDIT_ACTIONS['user.disabled'] });
  await expect(page).toHaveURL(/action=user\.disabled/);
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  // Every row shown is of the chosen action; the newest is ours.
  await expect(rows.filter({ hasNotText: AUDIT_ACTIONS['user.disabled'] })).toHaveCount(0);
  const entry = rows.filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('superadmin@demo.crs');
  await expect(entry).toContainText('status: active → disabled');
  await expect(entry).toContainText('127.0.0.1');

  // The who filter (the SuperAdmin's name or email) keeps it; a day long past finds nothing.
  await page.getByLabel('Who', { exact: true }).fill('superadmin@demo');
  await expect(page).toHaveURL(/actor=superadmin%40demo/);
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await page.getByLabel('To', { exact: true }).fill('2000-01-02');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toBeVisible();

  await page.getByLabel('Action', { exact: true }).selectOption({ label: AUDIT_ACTIONS['user.disabled'] });
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  await checkScreen(page, 'system-logs');
});

test('an Admin is refused System Logs', async ({ page }) => {
  await loginAs(page, 'Admin');
  await expect(page.getByRole('link', { name: 'System Logs' })).toHaveCount(0);
  await page.goto('/dashboard/superadmin/logs');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('390 px: System Logs fits a phone; a failed sign-in shows as Anonymous with the email it gave', async ({ page, request }) => {
  const email = uniqueEmail('nobody');
  expect((await request.post('/api/v1/auth/login', { data: { email, password: 'wrong-password' } })).status()).toBe(401);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'SuperAdmin');
  await page.goto(`/dashboard/superadmin/logs?actor=${encodeURIComponent(email)}`);
  const entry = page.getByTestId('audit-row').filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Anonymous');
  await expect(entry).toContainText(AUDIT_ACTIONS['auth.sign_in_failed']);
  await expect(entry).toContainText('reason: unknown email');
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByLabel('Action', { exact: true })).toBeVisible();
});
