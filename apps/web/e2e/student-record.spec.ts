import type { Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { expect, login, loginAs, resetLinkFor, test, uniqueEmail } from './utils';

// One student record (issue 25 item 1, decision 0036): a student added in People with a section is
// enrolled in it, so at first sign-in they see that section's timetable, not "You are not enrolled
// in a section yet". The person has a run-unique email, so the file passes twice on one server.

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 60_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Follows the mailed link in `page`, chooses `password`, then signs in with it (as users.spec does). */
async function setPasswordAndSignIn(page: Page, email: string, password: string) {
  const link = new URL(await resetLinkFor(email));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login');
  await login(page, email, password);
}

test("Admin adds a student with a section in People; at first sign-in the student sees that section's timetable", async ({ page, browser }) => {
  await loginAs(page, 'Admin');
  await page.getByRole('link', { name: 'Manage Students' }).click();
  await page.getByRole('button', { name: 'Add person' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  const name = `Ishaan Kulkarni ${run}`;
  const email = uniqueEmail('ishaan');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  // Department and Section are Academics' lists; the sections offered are the department's.
  const section = dialog.getByLabel('Section');
  await expect(section).toBeDisabled();
  await dialog.getByLabel('Department').selectOption({ label: 'Mechanical Engineering' });
  await expect(section.locator('option', { hasText: 'CSE-3A' })).toHaveCount(0);
  await dialog.getByLabel('Department').selectOption({ label: 'Computer Science and Engineering' });
  const cse3a = await section.locator('option', { hasText: 'CSE-3A' }).first().getAttribute('value');
  await section.selectOption({ value: cse3a! });
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText(MSG.userCreated)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox').fill(email);
  await expect(page.getByTestId('person-row').filter({ hasText: name })).toContainText('Computer Science and Engineering · CSE-3A');

  // The student chooses a password through the mailed link and signs in for the first time.
  const student = await (await browser.newContext()).newPage();
  await setPasswordAndSignIn(student, email, 'ishaan12345');
  await expect(student).toHaveURL(/\/(confirmation|dashboard\/student)$/);
  await student.goto('/dashboard/student/timetable');
  // CSE-3A's week: the demo section has classes every weekday, each naming the section.
  await expect(student.getByText(/CS\d{3} · CSE-3A · /).first()).toBeVisible();
  await student.goto('/dashboard/student/courses');
  await expect(student.getByText('You are not enrolled in a section yet.')).toHaveCount(0);
  await expect(student.getByText('CS301').first()).toBeVisible();
});
