import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, checkScreen, expect, login, test, uniqueEmail } from './utils';

// Notifications (issue 30) on the real server: Staff publishes a notice to students; a new student
// sees its notification in the header bell (newest first, with the dot), opens /notifications from
// it and marks all read (the notice itself stays unread on the board, so the bell then counts only
// it); the page passes axe in both themes and fits a 390 px phone.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };

async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a student sees a notification in the bell, opens /notifications and marks all read', async ({ page }) => {
  test.setTimeout(120_000);
  // A fresh student, with every seeded notice read so only the notification can light the dot.
  const email = uniqueEmail('nt');
  const reg = await page.request.post('/api/v1/auth/register', { data: { name: 'Sneha Kulkarni', email, phone: '9845012399', password: 'secret123', roles: 'Student' } });
  expect(reg.status()).toBe(201);
  const signIn = await page.request.post('/api/v1/auth/login', { data: { email, password: 'secret123' } });
  const auth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const { notices } = (await (await page.request.get('/api/v1/notices', { headers: auth })).json()) as { notices: { _id: string }[] };
  for (const n of notices) expect((await page.request.post(`/api/v1/notices/${n._id}/read`, { headers: auth })).status()).toBe(200);

  // Staff publishes a notice to every student: each gets a notification.
  const title = `Hostel fee last date ${Date.now().toString(36)}`;
  const staffIn = await page.request.post('/api/v1/auth/login', { data: { email: DEMO.Staff.email, password: DEMO_PASSWORD } });
  const staffAuth = { authorization: `Bearer ${((await staffIn.json()) as { token: string }).token}` };
  const posted = await page.request.post('/api/v1/notices', { headers: staffAuth, data: { title, body: 'Pay the hostel fee at the accounts office by Friday.', pinned: false, audience: { roles: ['Student'], departmentIds: [], sectionIds: [] } } });
  expect(posted.status()).toBe(201);

  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await login(page, email, 'secret123');
  await expect(page).toHaveURL('/dashboard/student');
  await expect(page.getByTestId('notification-dot')).toBeVisible();
  // One click opens the bell (its popover loads on that first use): no retrying the click.
  await page.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
  const bell = page.getByRole('list', { name: 'Notifications' });
  await expect(bell.getByRole('listitem').first()).toContainText(`Notice: ${title}`);
  await page.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL('/notifications');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const history = page.getByRole('main').getByRole('list', { name: 'Notifications' });
  await expect(history.getByRole('listitem').first()).toContainText(`Notice: ${title}`);
  await fitsWidth(page);
  await checkScreen(page, 'notifications-390');

  await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  // The notice itself is still unread on the board (its notification is read): the bell counts it alone.
  await expect(page.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  await fitsWidth(page);
});
