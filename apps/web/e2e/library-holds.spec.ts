import type { APIRequestContext } from '@playwright/test';
import { DESK_TEXT } from '../src/features/library/texts';
import { HOLDS_TEXT } from '../src/features/library/holds-texts';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, login, loginAs, test } from './utils';

// Issue 31 items 4–6 in the browser: a held title's copy scanned back in at the desk goes to the hold
// shelf and its member hears of it in the bell; the public catalogue finds the book without signing
// in; the stock verification screen takes a scan. The test owns its data (members and a book made
// through the API).

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function member(request: APIRequestContext, stamp: string, n: number) {
  const email = `holds.${n}.${stamp}@example.test`;
  const res = await request.post('/api/v1/auth/register', { data: { name: `Hold Member ${n} ${stamp.slice(-5)}`, email, phone: '9876543210', password: 'secret123', roles: 'Student' } });
  expect(res.status()).toBe(201);
  const token = await tokenOf(request, email, 'secret123');
  const me = await request.get('/api/v1/auth/users/me', { headers: { authorization: `Bearer ${token}` } });
  return { email, token, id: ((await me.json()) as { user: { _id: string } }).user._id };
}

test('a returned copy of a held title goes to the hold shelf and its member is told in the bell; the OPAC finds it signed out', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const desk = { authorization: `Bearer ${await tokenOf(request, DEMO.Librarian.email)}` };
  const title = `Held Fluid Mechanics ${stamp}`;
  const created = await request.post('/api/v1/library/books', { headers: desk, data: { title, authors: ['R. K. Bansal'], subjects: ['Mechanical Engineering'], copiesTotal: 1 } });
  expect(created.status()).toBe(201);
  const bookId = ((await created.json()) as { book: { _id: string } }).book._id;
  const copies = await request.get(`/api/v1/library/books/${bookId}/copies`, { headers: desk });
  const barcode = ((await copies.json()) as { copies: Array<{ barcode: string }> }).copies[0]!.barcode;
  const borrower = await member(request, stamp, 1);
  const holder = await member(request, stamp, 2);
  expect((await request.post(`/api/v1/library/books/${bookId}/issue`, { headers: desk, data: { userId: borrower.id } })).status()).toBe(201);
  expect((await request.post(`/api/v1/library/books/${bookId}/holds`, { headers: { authorization: `Bearer ${holder.token}` }, data: {} })).status()).toBe(201);

  // The desk scans the copy back in: it goes to the hold shelf, not the shelf.
  await loginAs(page, 'Librarian');
  const scanDesk = page.getByRole('region', { name: DESK_TEXT.title });
  await scanDesk.getByLabel(DESK_TEXT.scanCard).click();
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect(scanDesk.getByRole('status')).toContainText(`Returned: ${title} (${barcode})`);
  const copy = await request.get(`/api/v1/library/copies/${barcode}`, { headers: desk });
  expect(((await copy.json()) as { status: string }).status).toBe('on_hold_shelf');
  await page.reload();
  await expect(page.getByRole('table', { name: HOLDS_TEXT.holdShelf }).getByRole('row', { name: new RegExp(title) })).toBeVisible();

  // The verification screen takes a scan from the keyboard.
  await page.goto('/library/verifications');
  await page.getByLabel(HOLDS_TEXT.verificationShelf).fill(`E2E-${stamp.slice(-6)}`);
  await page.getByRole('button', { name: HOLDS_TEXT.startVerification }).click();
  const scanInput = page.getByLabel(HOLDS_TEXT.scanLabel);
  await scanInput.click();
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: new RegExp(`E2E-${stamp.slice(-6)}`) }).getByRole('status')).toContainText(`${barcode} — ${title}`);
  await checkScreen(page, 'library-verification');

  // The member it is kept for hears of it in the bell.
  const holderPage = await browser.newPage();
  await holderPage.goto('/login');
  await login(holderPage, holder.email, 'secret123');
  await expect(holderPage).toHaveURL(DEMO.Student.dashboard);
  await holderPage.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
  await expect(holderPage.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toContainText(`Your hold is ready: ${title}`);
  await holderPage.close();

  // The public catalogue, signed out, once the college opens it.
  const superAdmin = { authorization: `Bearer ${await tokenOf(request, DEMO.SuperAdmin.email)}` };
  expect((await request.patch('/api/v1/settings', { headers: superAdmin, data: { opacEnabled: true } })).status()).toBe(200);
  try {
    const context = await browser.newContext({ bypassCSP: true });
    const opac = await context.newPage();
    await opac.goto('/login');
    await opac.getByRole('link', { name: 'Search the library catalogue' }).click();
    await expect(opac).toHaveURL('/opac');
    await opac.getByRole('searchbox').or(opac.getByLabel('Search books')).first().fill(title);
    await opac.getByRole('button', { name: HOLDS_TEXT.opacSearch }).click();
    const found = opac.getByRole('list', { name: HOLDS_TEXT.opacResults }).getByRole('listitem').filter({ hasText: title });
    await expect(found).toContainText(barcode);
    await expect(found).toContainText(HOLDS_TEXT.opacOnHoldShelf);
    await checkScreen(opac, 'opac');
    await context.close();
  } finally {
    await request.patch('/api/v1/settings', { headers: superAdmin, data: { opacEnabled: false } });
  }
});
