import type { APIRequestContext } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test, uniqueEmail } from './utils';

// Issue 27 item 4 in the browser: an Admin previews the rollover of a term, confirms it and reads
// the summary. The test rolls over a department and academic year of its own (built through the
// API), never the demo college's current term, so the specs after it on this worker see the demo
// college as seeded.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

async function adminCall(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: { email: DEMO.Admin.email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
}

test('an Admin previews a term, holds a student back, confirms and reads the summary', async ({ page, request }) => {
  const post = await adminCall(request);
  const code = `RO${Date.now().toString(36).slice(-6)}`.toUpperCase();
  const start = 2040 + Math.floor(Math.random() * 50);
  const year = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const { department } = await post<{ department: { _id: string; name: string } }>('/academics/departments', { code, name: `Rollover ${code}` });
  const { section } = await post<{ section: { _id: string; name: string } }>('/academics/sections', { name: `${code}-3A`, departmentId: department._id, semester: 3, academicYear: year });
  await post('/academics/subjects', { code: `${code}401`, name: 'Design of Algorithms', departmentId: department._id, semester: 4, credits: 4 });
  const names = ['Ishaan Kulkarni', 'Meera Pillai'];
  for (const name of names) await post('/users', { name, email: uniqueEmail('rollover'), roles: ['Student'], departmentId: department._id, sectionId: section._id });

  await loginAs(page, 'Admin');
  await page.getByRole('link', { name: 'Rollover' }).first().click();
  await expect(page).toHaveURL('/dashboard/admin/rollover');
  await expect(page.getByRole('heading', { name: 'Semester Rollover' })).toBeVisible();
  // Filled after the college's current year has arrived in the field, not while it arrives.
  await expect(page.getByLabel('Academic year')).toHaveValue(/^\d{4}-\d{2}$/);
  await page.getByLabel('Academic year').fill(year);
  await page.getByLabel('Closing term').selectOption('odd');
  await page.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByRole('table', { name: `${section.name} (${year})` });
  await expect(table).toBeVisible();
  await expect(page.getByText(MSG.rolloverPreviewed)).toBeVisible();
  await expect(page.getByText(`Next: ${code}-4A (${year}) — created by the run`)).toBeVisible();
  await checkScreen(page, 'rollover-preview');

  await page.getByLabel(`Action for ${names[1]}`).selectOption('hold');
  await page.getByRole('button', { name: 'Confirm rollover' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Roll the term over?' });
  await dialog.getByRole('button', { name: 'Confirm rollover' }).click();
  await expect(page.getByText('Rollover done')).toBeVisible();
  await expect(page.getByLabel(`Action for ${names[1]}`)).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(`${names[1]}.*Hold back`) })).toBeVisible();
  await checkScreen(page, 'rollover-summary');
});
