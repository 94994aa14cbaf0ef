import { expect, login, loginAs, register, test, uniqueEmail } from './utils';

test('a Teacher sign-up waits for an Admin, who approves it from the dashboard', async ({ browser }) => {
  const email = uniqueEmail('pending.teacher');
  const name = `Tess Pending ${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  await register(visitor, { name, email, password: 'teach123', role: 'Teacher' });
  await expect(visitor.getByText('Account created! Please login.')).toBeVisible();
  await expect(visitor).toHaveURL('/login');

  // Not yet approved: the login is refused with the server's message and no redirect.
  await login(visitor, email, 'teach123');
  await expect(visitor.getByText('Your account is awaiting approval')).toBeVisible();
  await expect(visitor).toHaveURL('/login');

  const admin = await browser.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await loginAs(admin, 'Admin');
  const approve = admin.getByRole('button', { name: `Approve ${name}` });
  await expect(approve).toBeVisible();
  await approve.click();
  await expect(admin.getByText(`Approved ${name}'s account`)).toBeVisible();
  await expect(approve).toHaveCount(0);

  await login(visitor, email, 'teach123');
  await expect(visitor.getByText('Login successful!')).toBeVisible();
  await expect(visitor).toHaveURL('/dashboard/teacher');
  await expect(visitor.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await visitor.close();
  await admin.close();
});

test('a SuperAdmin rejects a Staff sign-up after confirming', async ({ page, browser }) => {
  const email = uniqueEmail('pending.staff');
  const name = `Sid Reject ${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  await register(visitor, { name, email, password: 'staff123', role: 'Staff' });
  await expect(visitor).toHaveURL('/login');
  await visitor.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'SuperAdmin');
  await expect(page.getByRole('heading', { name: 'System overview' })).toBeVisible();
  await expect(page.getByText('API uptime')).toBeVisible();
  await page.getByRole('button', { name: `Reject ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`Rejected ${name}'s sign-up`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reject ${name}` })).toHaveCount(0);

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await login(page, email, 'staff123');
  await expect(page.getByText('Invalid credentials')).toBeVisible();
});
