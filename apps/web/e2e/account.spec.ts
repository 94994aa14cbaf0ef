import { checkScreen, expect, login, test, uniqueEmail } from './utils';

// Changing one's password while signed in, on the real server: the account page is opened from the
// header, this session carries on, another browser signed in as the same person is signed out, and
// only the new password signs in afterwards. Each run registers its own student.
test.use({ bypassCSP: true }); // axe is injected as an inline script
test('a student changes their password; their other browser is signed out', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('account');
  const reg = await request.post('/api/v1/auth/register', { data: { name: 'Ishita Banerjee', email, phone: '9830012345', password: 'first-secret', roles: 'Student' } });
  expect(reg.status()).toBe(201);

  // A second browser (another device) signed in as the same student.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await login(otherPage, email, 'first-secret');
  await expect(otherPage).toHaveURL('/dashboard/student');

  await page.goto('/login');
  await login(page, email, 'first-secret');
  await expect(page).toHaveURL('/dashboard/student');
  await page.getByRole('link', { name: /^Account Ishita Banerjee/ }).click();
  await expect(page).toHaveURL('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // A wrong current password lands on its field and changes nothing.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('second-secret');
  await page.getByLabel('Confirm new password').fill('second-secret');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await checkScreen(page, 'account-wrong-password');

  await page.getByLabel('Current password').fill('first-secret');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Your other devices have been signed out.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // This browser carries on with the new access token: a page that calls the API still loads.
  await page.getByRole('link', { name: 'Notices' }).click();
  await expect(page.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();
  await expect(page).toHaveURL('/dashboard/student/notices');

  // The other browser's session is over: its next API call sends it to sign in.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // Only the new password signs in now.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL('/login');
  await login(page, email, 'first-secret');
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await login(page, email, 'second-secret');
  // Back to the page signed out from (the login remembers it).
  await expect(page).toHaveURL('/dashboard/student/notices');
});
