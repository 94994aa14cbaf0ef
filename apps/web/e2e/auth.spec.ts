import { DEMO, expect, login, loginAs, resetLinkFor, test, uniqueEmail } from './utils';

test.describe('sign-up, sign-in and reset', () => {
  test('register a student, sign in, land on the student dashboard', async ({ page }) => {
    const email = uniqueEmail('new.student');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL('/register');

    await page.getByLabel('Full Name').fill('Nina Student');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').pressSequentially('98-76a543210');
    await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret12');
    await expect(page.getByLabel('Student')).toBeChecked();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Account created! Please login.')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await login(page, email, 'secret12');
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/student');
    await expect(page.getByRole('heading', { name: 'Welcome, Nina Student' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, localStorage.getItem('refreshToken') !== null, localStorage.getItem('refresh')])).toEqual([
      true,
      true,
      null,
    ]);
  });

  test('a duplicate email is refused with the server message', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Copy Cat');
    await page.getByLabel('Email').fill(DEMO.Student.email);
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await login(page, DEMO.Teacher.email, 'wrong-password');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the origin is remembered: a guarded page → /login → back to that page', async ({ page }) => {
    await page.goto('/dashboard/teacher/marks');
    await expect(page).toHaveURL('/login');
    await login(page, DEMO.Teacher.email);
    await expect(page).toHaveURL('/dashboard/teacher/marks');
    await expect(page.getByRole('heading', { name: 'Marks' })).toBeVisible();
    // Login replaced the /login entry: Back does not return to the form.
    await page.goBack();
    await expect(page).not.toHaveURL('/login');
  });

  test('reset the password through the link the server printed', async ({ page }) => {
    const email = uniqueEmail('reset.me');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Rita Reset');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('oldpass1');
    await page.getByLabel('Confirm Password').fill('oldpass1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/login');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login page has an Email field too: wait for the lazily loaded form before typing.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password reset link sent! Please check your email.')).toBeVisible();
    await expect(page).toHaveURL('/login');

    const link = new URL(await resetLinkFor(email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New Password').fill('newpass1');
    await page.getByLabel('Confirm Password').fill('newpass1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password has been reset successfully! You can now login.')).toBeVisible();

    // /confirmation is guarded: sign in with the new password and see the success page.
    await expect(page).toHaveURL('/login');
    await login(page, email, 'oldpass1');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await login(page, email, 'newpass1');
    await expect(page).toHaveURL('/confirmation');
    await expect(page.getByRole('heading', { name: 'Success! Action completed successfully!' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expect(page).toHaveURL('/dashboard/student');

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New Password').fill('another1');
    await page.getByLabel('Confirm Password').fill('another1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  });

  test('the success page redirects to /dashboard after 5 seconds', async ({ page }) => {
    await loginAs(page, 'Staff');
    await page.goto('/confirmation');
    await expect(page.getByRole('heading', { name: 'Success! Action completed successfully!' })).toBeVisible();
    await expect(page).toHaveURL('/dashboard/staff', { timeout: 8_000 });
  });

  test('a reset page without a token sends the user to /forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Invalid or missing reset token.')).toBeVisible();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('theme toggle cycles light → dark → system → light and persists', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await expect(toggle).toHaveAccessibleName('Theme: System. Switch to Light');
    await toggle.click();
    await expect(html).not.toHaveClass(/dark/);
    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(toggle).toHaveAccessibleName('Theme: Dark. Switch to System');
    await toggle.click();
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/dark/);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: Light. Switch to Dark');
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('/logout signs out and goes to /login', async ({ page }) => {
    await loginAs(page, 'Student');
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard/student');
    await expect(page).toHaveURL('/login');
  });
});

test('/login arrives prerendered: painted before any script, then live and usable', async ({ page, request }) => {
  // The HTML alone already shows the page (decision 0012), inert until the app takes over.
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<div id="root" inert>');
  expect(html).toMatch(/<h1[^>]*>Login<\/h1>/);
  expect(html).not.toMatch(/<script type="module"/);

  // With scripts blocked the page still shows, and its form cannot be used.
  const noScripts = await page.context().newPage();
  await noScripts.route('**/*.js', (route) => route.abort());
  await noScripts.goto('/login');
  await expect(noScripts.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(noScripts.locator('#root')).toHaveAttribute('inert', '');
  await noScripts.close();

  await page.goto('/login');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page).toHaveTitle('Sign in · CRS');
  await login(page, DEMO.Student.email);
  await expect(page).toHaveURL('/dashboard/student');
});

test('a signed-in first load fetches the frame’s chunks from the head, once; a signed-out one does not', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const named = async () => ((await page.locator('script[src="/theme-init.js"]').getAttribute('data-signed-in-preload')) ?? '').split(' ').filter(Boolean);
  const preloaded = () => page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));

  // Signed out, /login neither preloads nor fetches the signed-in frame.
  await page.goto('/login');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const frame = await named();
  const app = frame.find((f) => /^\/assets\/app-[\w-]+\.js$/.test(f));
  expect(app, 'the frame chunk is named on the head script').toBeDefined();
  expect(await preloaded()).not.toContain(app);
  expect(requested).not.toContain(app);

  await login(page, DEMO.Student.email);
  await expect(page).toHaveURL('/dashboard/student');
  requested.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  expect(await preloaded()).toEqual(expect.arrayContaining(frame));
  // Asked for from the head, before the entry has run (its first act is the session check).
  expect(requested.indexOf(app!)).toBeGreaterThanOrEqual(0);
  expect(requested.indexOf(app!)).toBeLessThan(requested.indexOf('/api/v1/auth/users/me'));
  // The dynamic import finds the preloaded module: each file is fetched once.
  for (const f of frame) expect(requested.filter((r) => r === f), f).toHaveLength(1);
});
