import type { APIRequestContext } from '@playwright/test';
import { DESK_TEXT } from '../src/features/library/texts';
import { DEMO, DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, loginAs, test } from './utils';

// The scanning desk (issue 31) as a librarian with a USB scanner uses it: the scanner types the
// student's ID and presses Enter, then each book's barcode; the books go out, then come back in.
// The test owns its data: a student registered and two books added through the API.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

async function librarianToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email: DEMO.Librarian.email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('the librarian scans a student ID and two books to issue them, then scans them back in, at 390 px', async ({ page, request }) => {
  // Eight API calls, a sign-in and six scans, each answered on screen: more than the default 30 s on a busy runner.
  test.setTimeout(90_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `scan.desk.${stamp}@example.test`;
  const name = `Scan Member ${stamp.slice(-6)}`;
  const registered = await request.post('/api/v1/auth/register', { data: { name, email, phone: '9876543210', password: 'secret123', roles: 'Student' } });
  expect(registered.status()).toBe(201);
  const auth = { authorization: `Bearer ${await librarianToken(request)}` };
  const found = await request.get(`/api/v1/library/members?q=${encodeURIComponent(email)}`, { headers: auth });
  const studentId = ((await found.json()) as { members: Array<{ studentId: string }> }).members[0]!.studentId;
  expect(studentId).toBeTruthy();

  const books: Array<{ title: string; barcode: string }> = [];
  for (const title of [`Strength of Materials ${stamp}`, `Surveying Volume 1 ${stamp}`]) {
    const created = await request.post('/api/v1/library/books', { headers: auth, data: { title, authors: ['R. K. Rajput'], subjects: ['Civil Engineering'], copiesTotal: 1 } });
    expect(created.status()).toBe(201);
    const { book } = (await created.json()) as { book: { _id: string } };
    const copies = await request.get(`/api/v1/library/books/${book._id}/copies`, { headers: auth });
    books.push({ title, barcode: ((await copies.json()) as { copies: Array<{ barcode: string }> }).copies[0]!.barcode });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Librarian');
  const desk = page.getByRole('region', { name: DESK_TEXT.title });
  const status = desk.getByRole('status');
  const input = desk.getByLabel(DESK_TEXT.scanCard);
  // A USB scanner is a keyboard: it types the code and presses Enter.
  await input.click();
  await page.keyboard.type(studentId);
  await page.keyboard.press('Enter');
  await expect(status).toContainText(`${name} (${studentId}): 0 on loan`);
  await expect(desk.getByText(DESK_TEXT.current(name, studentId))).toBeVisible();

  for (const b of books) {
    await expect(desk.getByLabel(DESK_TEXT.scanCopy)).toBeFocused();
    await page.keyboard.type(b.barcode);
    await page.keyboard.press('Enter');
    await expect(status).toContainText(`Issued: ${b.title} (${b.barcode}) to ${name}, due `);
  }
  await expectNoSeriousA11yViolations(page, 'scanning desk after two issues');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Back in: a return needs no card.
  await desk.getByRole('button', { name: DESK_TEXT.newMember }).click();
  for (const b of books) {
    await expect(desk.getByLabel(DESK_TEXT.scanCard)).toBeFocused();
    await page.keyboard.type(b.barcode);
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(DESK_TEXT.returned(b.title, b.barcode, name, null));
  }
  const shelf = await request.get(`/api/v1/library/copies/${books[1]!.barcode}`, { headers: auth });
  expect(((await shelf.json()) as { status: string }).status).toBe('available');
});
