import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { checkScreen, expect, login, loginAs, test, uniqueEmail } from './utils';

// Notices and placement (issue 13) on the real server: Staff publishes a notice, a student sees it
// unread with the bell's dot, opens it and the dot goes; Admin posts a drive, the student reads the
// eligibility check, applies with a résumé and stays on the Placement Portal with a toast and the
// status; the placement cell opens the résumé and changes the status; the student withdraws. Each run signs up
// its own student and names its notice and drive uniquely, so the demo data is untouched.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };
const PDF = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/files/marks.pdf');

/** A fresh Student (self-registered Students are active at once), signed in on a new page. */
async function newStudent(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail('np');
  const reg = await page.request.post('/api/v1/auth/register', { data: { name, email, phone: '9845012377', password: 'secret123', roles: 'Student' } });
  expect(reg.status()).toBe(201);
  await page.goto('/login');
  await login(page, email, 'secret123');
  await expect(page).toHaveURL('/dashboard/student');
  return page;
}

async function asRole(browser: Browser, role: 'Staff' | 'Admin'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, role);
  return page;
}

const dot = (page: Page) => page.getByTestId('notification-dot');

/** axe in both themes once the toasts have gone (one fading in or out reads as low contrast). */
async function checkSettled(page: Page, name: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await checkScreen(page, name);
}

test('Staff publishes a notice; the student sees it unread with the bell dot, opens it, and the dot goes', async ({ browser }) => {
  test.setTimeout(90_000);
  const student = await newStudent(browser, 'Diya Menon');
  // The seeded notices for every student are unread for a new account: clear them from the bell first.
  await expect(dot(student)).toBeVisible();
  // One click opens the bell (its popover loads on that first use).
  await student.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
  await expect(student.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await student.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(dot(student)).toHaveCount(0);
  await student.keyboard.press('Escape');

  const title = `Seminar hall booking ${Date.now().toString(36)}`;
  const staff = await asRole(browser, 'Staff');
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notices' }).click();
  await expect(staff.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();
  await staff.getByRole('button', { name: 'New Notice' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New Notice' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Notice text').fill('Book the **seminar hall** through the office.\n\n<script>alert(1)</script>');
  await dialog.getByRole('checkbox', { name: 'Student', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Pin to the top' }).check();
  await dialog.getByLabel('Attachment (optional)').setInputFiles(PDF);
  await checkSettled(staff, 'notices-publish-dialog');
  await dialog.getByRole('button', { name: 'Publish Notice' }).click();
  await expect(staff.getByText('Notice published')).toBeVisible();
  await expect(staff.getByRole('article', { name: title })).toBeVisible();
  await checkSettled(staff, 'notices-board');

  // The student: the dot is back; the notice is listed first (pinned, newest) and marked New.
  await student.reload();
  await expect(dot(student)).toBeVisible();
  await student.getByRole('link', { name: 'Check Notices' }).click();
  await expect(student).toHaveURL('/dashboard/student/notices');
  const item = student.getByRole('article', { name: title });
  await expect(item.getByText('New')).toBeVisible();
  await expect(student.getByRole('article').first()).toHaveAccessibleName(title);
  await item.getByRole('button', { name: `Open notice: ${title}` }).click();
  await expect(item.locator('strong', { hasText: 'seminar hall' })).toBeVisible();
  // Typed HTML is text, never markup.
  await expect(item.getByText('<script>alert(1)</script>')).toBeVisible();
  // The attachment opens from its signed link, without a token.
  const attachment = item.getByRole('link', { name: /marks\.pdf/ });
  const href = (await attachment.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?t=/);
  const file = await student.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await expect(dot(student)).toHaveCount(0);
  await expect(item.getByText('New')).toHaveCount(0);
  await checkSettled(student, 'notices-student');
  await student.setViewportSize(PHONE);
  await expect.poll(() => student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await student.reload();
  await expect(dot(student)).toHaveCount(0);
});

test('Admin posts a drive; the student applies with a résumé and stays on the portal; the cell opens the résumé and sets the status; the student withdraws', async ({ browser }) => {
  test.setTimeout(90_000);
  const company = `Kaveri Systems ${Date.now().toString(36)}`;
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const admin = await asRole(browser, 'Admin');
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Placement' }).click();
  await expect(admin).toHaveURL('/dashboard/placement');
  await admin.getByRole('button', { name: 'Post Job' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Post Job' });
  await dialog.getByLabel('Company').fill(company);
  await dialog.getByLabel('Role').fill('Graduate Engineer Trainee');
  await dialog.getByLabel('Location').fill('Mysuru');
  await dialog.getByLabel('Package (LPA)').fill('4.5');
  await dialog.getByLabel('Deadline').fill(deadline);
  await dialog.getByLabel('Description').fill('Aptitude test, technical interview and HR round.');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(admin.getByText('Job posted')).toBeVisible();
  await expect(admin.getByRole('cell', { name: `${company} Graduate Engineer Trainee` })).toBeVisible();
  // The Admin dashboard's Open Jobs counts it.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin.getByText('Open Jobs')).toBeVisible();

  const student = await newStudent(browser, 'Rohan Iyer');
  await student.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Placement' }).click();
  await expect(student.getByRole('heading', { name: 'Placement Portal', level: 1 })).toBeVisible();
  await checkSettled(student, 'placement-portal');
  await student.getByRole('button', { name: `Apply to ${company}, Graduate Engineer Trainee` }).click();
  // The confirmation shows the criteria beside the student's values, as the server judged them.
  const applyDialog = student.getByRole('alertdialog', { name: `Apply to ${company}, Graduate Engineer Trainee?` });
  const criteria = applyDialog.getByRole('table', { name: 'Eligibility' });
  await expect(criteria.getByRole('row', { name: /Department/ })).toContainText('All departments');
  await expect(criteria.getByRole('row', { name: /CGPA/ })).toContainText('No minimum');
  await expect(applyDialog.getByText('You meet every criterion.')).toBeVisible();
  await checkSettled(student, 'placement-apply-dialog');
  await applyDialog.getByLabel('Résumé (optional, PDF up to 2 MB)').setInputFiles(PDF);
  await applyDialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(student.getByText('Application submitted')).toBeVisible();
  await expect(applyDialog).toHaveCount(0);
  await expect(student).toHaveURL('/dashboard/student/placement');
  const mine = student.getByRole('table', { name: 'My applications' });
  await expect(mine.getByRole('row', { name: new RegExp(company) })).toContainText('Applied');
  await expect(mine.getByRole('row', { name: new RegExp(company) }).getByRole('link', { name: 'marks.pdf' })).toBeVisible();
  const card = student.getByRole('article', { name: `${company}, Graduate Engineer Trainee` });
  await expect(card.getByText('Applied')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Apply/ })).toHaveCount(0);

  // The cell (Staff) shortlists the student; the student sees it.
  const staff = await asRole(browser, 'Staff');
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Placement' }).click();
  await staff.getByRole('button', { name: `1 applicant of ${company}: view` }).click();
  await expect(staff.getByRole('heading', { name: `Applicants: ${company}, Graduate Engineer Trainee` })).toBeVisible();
  // The cell opens the résumé through the link it was given.
  const resume = staff.getByRole('link', { name: 'marks.pdf, résumé of Rohan Iyer (opens in a new tab)' });
  const opened = await staff.request.get((await resume.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  await staff.getByRole('combobox', { name: 'Status of Rohan Iyer' }).selectOption('shortlisted');
  await expect(staff.getByText('Application status updated')).toBeVisible();
  await checkSettled(staff, 'placement-cell');
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^applicants-Kaveri-Systems-.+\.csv$/);

  await student.reload();
  const row = student.getByRole('table', { name: 'My applications' }).getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Shortlisted');
  // Before the deadline the student may withdraw, and stays on the portal.
  await row.getByRole('button', { name: `Withdraw your application to ${company}, Graduate Engineer Trainee` }).click();
  await student.getByRole('alertdialog', { name: 'Withdraw this application?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(student.getByText('Application withdrawn')).toBeVisible();
  await expect(row).toContainText('Withdrawn');
  await expect(student).toHaveURL('/dashboard/student/placement');
  await student.setViewportSize(PHONE);
  await expect.poll(() => student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
