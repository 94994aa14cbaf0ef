import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test } from './utils';

// Issue 13 items 1 and 2 on the real server: the Admin publishes a document that the Student then
// sees; the Admin generates the demo student's ID card, the Student opens and downloads it; the
// card's QR code (read by jsqr, not the library that drew it) opens /verify, which says valid,
// then invalid once the Admin revokes the card. Axe light and dark; 390 px for the public page.
test.use({ bypassCSP: true });

const here = path.dirname(fileURLToPath(import.meta.url));
const PDF = path.resolve(here, '../../server/src/modules/docs/seed/circular-fee-payment.pdf');
const PHONE = { width: 390, height: 844 };

async function tokenOf(request: APIRequestContext, role: keyof typeof DEMO): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email: DEMO[role].email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The demo student's roll number, as the Admin types it. */
async function demoStudentId(request: APIRequestContext): Promise<string> {
  const me = await request.get('/api/v1/auth/users/me', { headers: { authorization: `Bearer ${await tokenOf(request, 'Student')}` } });
  return ((await me.json()) as { user: { studentId: string } }).user.studentId;
}

/** The address in the QR code of the card image at `src`, read independently of the server. */
async function qrLink(page: Page, src: string): Promise<string> {
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const img = PNG.sync.read(await res.body());
  const code = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
  expect(code, 'a QR code on the card').not.toBeNull();
  return code!.data;
}

test('Admin publishes a document and the Student sees it', async ({ page, browser }) => {
  const title = `Hostel fee circular ${Date.now().toString(36)}`;
  await loginAs(page, 'Admin');
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page).toHaveURL('/dashboard/admin/docs');
  await expect(page.getByRole('heading', { name: 'Document Repository', level: 1 })).toBeVisible();
  // The seeded repository: a syllabus per department among others.
  await expect(page.getByRole('heading', { name: 'Computer Science and Engineering: B.E. syllabus 2026-27' })).toBeVisible();
  await checkScreen(page, 'admin-docs');

  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Type').selectOption('circular');
  await dialog.getByLabel('Description').fill('Last dates for the odd semester');
  await dialog.getByLabel('File').setInputFiles(PDF);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Document uploaded')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const student = await (await browser.newContext()).newPage();
  await loginAs(student, 'Student');
  await student.getByLabel('Search documents').fill(title);
  const card = student.getByRole('listitem').filter({ has: student.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Circular', { exact: true })).toBeVisible();
  const view = card.getByRole('link', { name: `View ${title}` });
  const opened = await student.request.get((await view.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  // Notes of another department's subject are not listed for this student; their own are.
  await student.getByLabel('Search documents').fill('lecture notes');
  await expect(student.getByRole('heading', { name: 'Data Structures: unit-wise lecture notes' })).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Surveying: lecture notes' })).toHaveCount(0);
});

test('Admin generates the demo student’s card; the Student opens and downloads it; /verify says valid, then invalid after revoke', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const rollNo = await demoStudentId(request);
  await loginAs(page, 'Admin');
  await page.goto('/dashboard/admin/docs');
  const panel = page.getByRole('heading', { name: 'ID Cards', level: 2 }).locator('xpath=../..');
  await panel.getByLabel('Student ID (roll number)').fill(rollNo);
  await panel.getByRole('button', { name: 'Generate card' }).click();
  await expect(page.getByText('ID card generated')).toBeVisible();
  await expect(panel.getByText(`Card of Aarav Sharma (${rollNo})`)).toBeVisible();

  const studentPage = await (await browser.newContext()).newPage();
  await loginAs(studentPage, 'Student');
  await studentPage.getByRole('link', { name: 'Download ID Card' }).click();
  await expect(studentPage).toHaveURL('/dashboard/student/idcard');
  const img = studentPage.getByRole('img', { name: 'ID card of Aarav Sharma' });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1011);
  await expect(img.locator('xpath=..')).toHaveAttribute('href', /^\/api\/v1\/idcards\/[0-9a-f-]{36}\/card\?t=/);
  const download = studentPage.waitForEvent('download');
  await studentPage.getByRole('link', { name: 'Download ID Card' }).click();
  expect((await download).suggestedFilename()).toBe(`idcard-${rollNo}.png`);
  await checkScreen(studentPage, 'student-idcard');

  // The QR code opens the public verify page, which needs no sign-in.
  const link = await qrLink(studentPage, (await img.getAttribute('src'))!);
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/verify\/[A-Za-z0-9_-]{43}$/);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.setViewportSize(PHONE);
  await visitor.goto(url.pathname);
  await expect(visitor.getByRole('heading', { name: 'ID card verification', level: 1 })).toBeVisible();
  await expect(visitor.getByText('Valid ID card')).toBeVisible();
  await expect(visitor.getByText('Aarav Sharma')).toBeVisible();
  await expect(visitor.getByText(rollNo)).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await checkScreen(visitor, 'verify-valid');

  // Revoked: the same QR now says invalid and shows nobody.
  await panel.getByRole('button', { name: 'Revoke card' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke card' }).click();
  await expect(page.getByText('ID card revoked; its QR code no longer verifies')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This ID card is not valid')).toBeVisible();
  await expect(visitor.getByText('Aarav Sharma')).toHaveCount(0);
  await checkScreen(visitor, 'verify-invalid');
  await studentPage.reload();
  await expect(studentPage.getByText('ID card not generated yet. Contact admin.')).toBeVisible();

  // The demo student gets a card again, for whoever uses the demo next.
  await panel.getByRole('button', { name: 'Generate card' }).click();
  await expect(page.getByText('ID card generated')).toBeVisible();
});
