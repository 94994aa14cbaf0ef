import type { APIRequestContext, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { MSG } from '@crs/shared/messages';
import { TestOp } from '../../server/test/oidc-op';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, login, loginAs, resetLinkFor, test, uniqueEmail } from './utils';

// Identity (issue 28) in the browser, against the real server and a real OpenID Provider
// (node-oidc-provider, started by this file on a loopback port with its own one-field login page):
// a SuperAdmin adds the college's provider in Settings; a student of the college's domain signs in
// with it and is created on the way (just in time); an account of another domain is refused on the
// return page; with "two-factor for Admins" on, a new Admin sets up the authenticator at first
// sign-in, needs a code at the next one, and signs the other browser out from the Account page.
// Every name is run-unique and every setting is put back, so the file passes twice on one server.

test.use({ bypassCSP: true }); // axe is injected as an inline script
test.describe.configure({ timeout: 90_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DOMAIN = 'svce.ac.in';

async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Record<string, string>> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/** Follows the provider's button on /login to the provider's own page and signs in there as `account`. */
async function signInAtProvider(page: Page, label: string, account: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${label}` }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a SuperAdmin adds the college provider; a student of its domain signs in with it, another domain is refused', async ({ page, browser, request, baseURL }) => {
  const id = `college-${run}`;
  const label = `SVCE Google ${run}`;
  const secret = `e2e-secret-${run}`;
  const op = await TestOp.start([{ clientId: `crs-${run}`, clientSecret: secret, redirectUris: [`${baseURL}/api/v1/auth/oidc/${id}/callback`] }]);
  op.accounts.set('kavya', { sub: `kavya-${run}`, email: `kavya.${run}@${DOMAIN}`, email_verified: true, name: 'Kavya Raghavan' });
  op.accounts.set('outsider', { sub: `outsider-${run}`, email: `outsider.${run}@gmail.com`, email_verified: true, name: 'Rahul Outsider' });
  const superAdmin = await apiToken(request, DEMO.SuperAdmin.email);
  try {
    await loginAs(page, 'SuperAdmin');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sign-in provider' });
    await dialog.getByLabel('Id (in its addresses)').fill(id);
    await dialog.getByLabel('Button label').fill(label);
    await dialog.getByLabel('Issuer URL').fill(op.issuer);
    await dialog.getByLabel('Client ID').fill(`crs-${run}`);
    await dialog.getByLabel('Client secret').fill(secret);
    await dialog.getByLabel(/^Allowed email domains/).fill(DOMAIN);
    await checkScreen(page, 'settings-add-provider');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.oidcProviderCreated).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Sign-in providers' }).getByText(label)).toBeVisible();

    // A student of the college's domain: no CRS account yet, made on the way in.
    const student = await browser.newContext();
    const studentPage = await student.newPage();
    await signInAtProvider(studentPage, label, 'kavya');
    await expect(studentPage).toHaveURL('/dashboard/student');
    await expect(studentPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(studentPage.getByRole('link', { name: /^Account Kavya Raghavan/ })).toBeVisible();
    await student.close();

    // Someone of another domain is refused on the return page, with the reason, and is not signed in.
    const outsider = await browser.newContext();
    const outsiderPage = await outsider.newPage();
    await outsiderPage.setViewportSize({ width: 390, height: 844 });
    await signInAtProvider(outsiderPage, label, 'outsider');
    await expect(outsiderPage).toHaveURL('/login/callback');
    await expect(outsiderPage.getByText(MSG.oidcDomainRefused('gmail.com'))).toBeVisible();
    await checkScreen(outsiderPage, 'login-callback-refused');
    expect(await outsiderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await outsider.close();

    // The sign-in page at 390 px with the provider's button under the form.
    const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await narrow.goto('/login');
    await expect(narrow.getByRole('link', { name: `Sign in with ${label}` })).toBeVisible();
    await checkScreen(narrow, 'login-with-provider');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await narrow.close();
  } finally {
    await request.delete(`/api/v1/settings/oidc-providers/${id}`, { headers: superAdmin });
    await op.close();
  }
});

/** The authenticator's code for `secret`, `offset` seconds from now (the next 30-s step: a code not used yet). */
const codeAt = (secret: string, offset = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

test('with two-factor required for Admins, a new Admin sets it up at first sign-in, then needs a code; other sessions are signed out', async ({ page, browser, request }) => {
  const superAdmin = await apiToken(request, DEMO.SuperAdmin.email);
  const email = uniqueEmail('admin.mfa');
  const made = await request.post('/api/v1/users', { headers: superAdmin, data: { name: `Meera Iyer ${run}`, email, roles: ['Admin'] } });
  expect(made.status()).toBe(201);

  await loginAs(page, 'SuperAdmin');
  await page.getByRole('link', { name: 'Settings' }).click();
  const required = page.getByRole('switch', { name: 'Require two-factor authentication for Admins and SuperAdmins' });
  await expect(required).not.toBeChecked();
  await required.check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(MSG.settingsSaved).first()).toBeVisible();
  try {
    // The new Admin chooses a password through the mailed link, then signs in: the set-up comes first.
    const admin = await browser.newPage();
    const link = new URL(await resetLinkFor(email));
    await admin.goto(`${link.pathname}${link.search}`);
    await admin.getByLabel('New Password').fill('admin-secret-1');
    await admin.getByLabel('Confirm Password').fill('admin-secret-1');
    await admin.getByRole('button', { name: 'Reset password' }).click();
    await expect(admin).toHaveURL('/login');
    await login(admin, email, 'admin-secret-1');
    await expect(admin.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(admin.getByText(MSG.mfaEnrolRequired)).toBeVisible();
    await expect(admin.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await admin.getByLabel('Or type this key into the app').innerText()).replace(/\s+/g, '');
    await checkScreen(admin, 'sign-in-mfa-enrol');

    // A wrong code is refused under the field; the right one turns it on and shows the recovery codes once.
    await admin.getByLabel('Authentication code').fill(codeAt(secret, 300));
    await admin.getByRole('button', { name: 'Turn on' }).click();
    await expect(admin.getByText(MSG.mfaCodeInvalid)).toBeVisible();
    await admin.getByLabel('Authentication code').fill(codeAt(secret));
    await admin.getByRole('button', { name: 'Turn on' }).click();
    await expect(admin.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    await admin.getByRole('button', { name: 'Continue' }).click();
    await expect(admin).toHaveURL('/dashboard/admin');

    // Another browser: the password alone is not enough now.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await login(otherPage, email, 'admin-secret-1');
    await expect(otherPage.getByText(MSG.mfaRequiredToContinue)).toBeVisible();
    await otherPage.getByLabel('Authentication code').fill(codeAt(secret, 30));
    await otherPage.getByRole('button', { name: 'Verify' }).click();
    await expect(otherPage).toHaveURL('/dashboard/admin');

    // The Account page at 390 px: two-factor on, two sessions; the other one is signed out from here.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/dashboard/account');
    await expect(admin.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const sessions = admin.getByRole('table', { name: 'Your active sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
    await checkScreen(admin, 'account-mfa-sessions');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.getByRole('button', { name: 'Sign out other sessions' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(admin.getByText(MSG.sessionsRevoked(1)).first()).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
    await admin.close();
  } finally {
    // Back off for the specs after this one (the demo Admin and SuperAdmin have no authenticator).
    const off = await request.patch('/api/v1/settings', { headers: superAdmin, data: { mfaRequiredForAdmins: false } });
    expect(off.ok()).toBe(true);
  }
});
