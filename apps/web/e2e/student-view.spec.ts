import type { Response } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, loginAs, test } from './utils';

// Issue 25 item 2: an Admin (or SuperAdmin) opening /dashboard/student chooses a student, then sees
// that student's dashboard read-only at ?student=STU…, served by the by-student endpoints.

test('an Admin picks a student by student ID and sees their dashboard, read-only, without a 403', async ({ page }) => {
  // The demo student as the API knows them (and their figures, to compare with the cards).
  const login = await page.request.post('/api/v1/auth/login', { data: { email: DEMO.Student.email, password: DEMO_PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: { name: string; studentId: string } };
  const headers = { authorization: `Bearer ${token}` };
  const own = (await (await page.request.get('/api/v1/attendance/me', { headers })).json()) as { overall: { att: number; marked: number } };
  const summary = (await (await page.request.get('/api/v1/library/summary', { headers })).json()) as { activeLoans: number };
  expect(own.overall.marked).toBeGreaterThan(0);

  const forbidden: string[] = [];
  const calls: string[] = [];
  page.on('response', (r: Response) => {
    if (!r.url().includes('/api/v1/')) return;
    calls.push(new URL(r.url()).pathname);
    if (r.status() === 403) forbidden.push(new URL(r.url()).pathname);
  });
  await loginAs(page, 'Admin');
  await page.goto('/dashboard/student');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a student' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(user.studentId);
  const rows = page.getByRole('table', { name: 'Students' }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one student with this ID
  await expect(rows.nth(1)).toContainText(user.studentId);
  await page.getByRole('link', { name: `View ${user.name}'s dashboard` }).click();

  await expect(page).toHaveURL(`/dashboard/student?student=${user.studentId}`);
  await expect(page.getByRole('heading', { level: 1, name: `${user.name} (${user.studentId})` })).toBeVisible();
  await expect(page.getByText(`${own.overall.att.toFixed(1)}%`)).toBeVisible();
  await expect(page.getByText(`${summary.activeLoans} ${summary.activeLoans === 1 ? 'book' : 'books'} issued`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Upcoming Deadlines' })).toBeVisible();
  // Read-only: the student's own quick actions are not offered.
  await expect(page.getByRole('link', { name: 'Check Notices' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(forbidden).toEqual([]);
  for (const studentOnly of ['/api/v1/attendance/me', '/api/v1/results/me', '/api/v1/assesment/exams/upcoming']) expect(calls).not.toContain(studentOnly);

  // A reload keeps the chosen student (it is in the URL); 'Choose another student' goes back to the picker.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${user.name} (${user.studentId})` })).toBeVisible();
  await page.getByRole('link', { name: 'Choose another student' }).click();
  await expect(page).toHaveURL('/dashboard/student');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a student' })).toBeVisible();
});
