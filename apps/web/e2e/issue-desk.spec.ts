import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test } from './utils';

// Issue Book on the librarian dashboard with its own data: a student registered and a book created
// through the API for this test, so it passes in any order and twice on the same server.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

/** A valid ISBN-13 no other book has (979 + the clock + a random digit). */
function freshIsbn(): string {
  const first12 = `979${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function librarianToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email: DEMO.Librarian.email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function copiesOnLoan(page: Page): Promise<number> {
  const figure = page.getByText('Copies on loan', { exact: true }).locator('xpath=following-sibling::p[1]');
  await expect(figure).toHaveText(/^\d[\d,]*$/);
  return Number((await figure.textContent())?.replace(/,/g, ''));
}

test('the librarian issues a new book to a new member from the dashboard, found by email and ISBN', async ({ page, request }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `issue.desk.${stamp}@example.test`;
  const name = `Desk Member ${stamp.slice(-6)}`;
  const registered = await request.post('/api/v1/auth/register', { data: { name, email, phone: '9876543210', password: 'secret123', roles: 'Student' } });
  expect(registered.status()).toBe(201);
  const isbn = freshIsbn();
  const title = `Issue Desk Handbook ${stamp}`;
  const created = await request.post('/api/v1/library/books', {
    headers: { authorization: `Bearer ${await librarianToken(request)}` },
    data: { title, authors: ['Desk Author'], subjects: ['Library Science'], isbn, copiesTotal: 1 },
  });
  expect(created.status()).toBe(201);

  // A phone-sized screen: the desk must work at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Librarian');
  const desk = page.getByRole('region', { name: 'Issue Book' });
  const before = await copiesOnLoan(page);

  await desk.getByLabel('Find a member').fill(email);
  await desk.getByRole('radio', { name: new RegExp(name) }).check();
  // ISBNs are often typed with hyphens.
  await desk.getByLabel('Find a book').fill(`${isbn.slice(0, 3)}-${isbn.slice(3)}`);
  await desk.getByRole('radio', { name: new RegExp(title) }).check();
  await checkScreen(page, 'librarian-issue-desk');

  await desk.getByRole('button', { name: 'Issue Book' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Issue Book' });
  await confirm.getByRole('button', { name: `Issue to ${name}` }).click();
  await expect(page.getByText(new RegExp(`^Book issued: ${title} to ${name}, due `))).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect.poll(() => copiesOnLoan(page)).toBe(before + 1);

  // The only copy is out now: a second issue is refused in the server's words, inside the dialog.
  await desk.getByLabel('Find a member').fill(email);
  await desk.getByRole('radio', { name: new RegExp(name) }).check();
  await desk.getByLabel('Find a book').fill(isbn);
  await desk.getByRole('radio', { name: new RegExp(title) }).check();
  await desk.getByRole('button', { name: 'Issue Book' }).click();
  await confirm.getByRole('button', { name: `Issue to ${name}` }).click();
  await expect(confirm.getByRole('alert')).toHaveText(new RegExp(`^(${MSG.alreadyBorrowed}|${MSG.noCopiesLeft})$`));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
