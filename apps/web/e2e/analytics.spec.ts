import type { Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import type { AnalyticsOverview, OpenTasks, ReportList } from '@crs/shared/schemas/analytics';
import { formatDate } from '../src/lib/format-date';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test } from './utils';

// Issue 14 items 4–6 on the real server with the demo data: the Admin's Analytics with its date
// filter (figures as GET /analytics/overview gives them), the Staff's Reports (a download read back
// with the xlsx reader, a CSV), and the live Staff and SuperAdmin dashboards. axe light and dark; 390 px.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };

/** Opens `path` on a phone and checks nothing is wider than the screen, then again on a desktop. */
async function fitsPhone(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function apiAs(page: Page, role: keyof typeof DEMO) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: DEMO[role].email, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  return async <T>(url: string) => (await (await page.request.get(`/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
}

test('Admin: Analytics shows the server’s figures and filters by date range', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await apiAs(page, 'Admin');
  const figures = await api<AnalyticsOverview>('/analytics/overview');
  expect(figures.enrolment.some((e) => e.students > 0)).toBe(true);

  await loginAs(page, 'Admin');
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL('/dashboard/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const enrolment = page.getByRole('table', { name: 'Enrolment by department' });
  for (const e of figures.enrolment) await expect(enrolment.getByRole('row', { name: `${e.department} — ${e.departmentName} ${e.students}` })).toBeAttached();
  await expect(page.getByText(`Showing ${formatDate(figures.from)} to ${formatDate(figures.to)}`)).toBeVisible();
  // The charts draw on canvases (chart.js loaded on demand).
  await expect(page.getByRole('img', { name: /Students enrolled per department/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Attendance percent per week/ })).toBeVisible();
  const week = figures.attendance.weeks.at(-2)!;
  const dept = figures.attendance.departments[0]!;
  const i = figures.attendance.weeks.indexOf(week);
  const shown = dept.percent[i] === null || dept.percent[i] === undefined ? '—' : `${dept.percent[i]!.toFixed(1)}%`;
  await expect(page.getByRole('table', { name: 'Attendance trend by week and department' }).getByRole('row', { name: new RegExp(`^${formatDate(week)} ${shown.replace('.', '\\.')}`) })).toBeAttached();

  // The filter goes to the server and into the URL.
  const from = figures.attendance.weeks.at(-4)!;
  const to = figures.to;
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  const request = page.waitForRequest((r) => r.url().includes('/api/v1/analytics/overview?') && r.url().includes(`from=${from}`));
  await page.getByRole('button', { name: 'Apply' }).click();
  expect(new URL((await request).url()).searchParams.get('to')).toBe(to);
  await expect(page).toHaveURL(`/dashboard/admin/analytics?from=${from}&to=${to}`);
  await expect(page.getByText(`Showing ${formatDate(from)} to ${formatDate(to)}`)).toBeVisible();
  const narrowed = await api<AnalyticsOverview>(`/analytics/overview?from=${from}&to=${to}`);
  const library = page.getByRole('table', { name: 'Library circulation and overdue trend' });
  await expect(library.getByRole('row')).toHaveCount(narrowed.library.length + 1);
  const last = narrowed.library.at(-1)!;
  await expect(library.getByRole('row', { name: `${formatDate(last.week)} ${last.issued} ${last.returned} ${last.overdue}` })).toBeAttached();

  // Placement applications and offers per department, as the server counts them for the range.
  const placement = page.getByRole('table', { name: 'Placement applications and offers by department' });
  for (const p of narrowed.placement) await expect(placement.getByRole('row', { name: `${p.department} — ${p.departmentName} ${p.applications} ${p.offers}` })).toBeAttached();

  await checkScreen(page, 'admin-analytics');
  await fitsPhone(page, '/dashboard/admin/analytics');
});

test('Staff: downloads reports that a spreadsheet reader opens, with progress while they come', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await apiAs(page, 'Staff');
  const list = await api<ReportList>('/reports');
  const register = list.reports.find((r) => r.name === 'attendance-register')!;
  const section = register.params.find((p) => p.name === 'sectionId')!.options!.find((o) => o.label.startsWith('CSE-3A'))!;

  await loginAs(page, 'Staff');
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL('/dashboard/staff/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  // The register of CSE-3A this month, as .xlsx; the answer is slowed so the progress shows.
  const card = page.getByRole('region', { name: 'Attendance register' });
  await card.getByLabel('Section').selectOption(section.value);
  const month = new Date().toISOString().slice(0, 7);
  await card.getByLabel('Month').fill(month);
  await page.route('**/api/v1/reports/attendance-register?*', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  await expect(card.getByRole('button', { name: 'Downloading…' })).toBeDisabled();
  await expect(card.getByRole('progressbar', { name: 'Downloading Attendance register' })).toBeAttached();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attendance-register-CSE-3A-${month}.xlsx`);
  const book = XLSX.read(await streamBytes(await file.createReadStream()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  expect(rows[0]!.slice(0, 2)).toEqual(['Roll No', 'Name']);
  expect(rows.at(-1)!.slice(-3)).toHaveLength(3);
  expect(rows.length).toBeGreaterThan(10);
  await expect(page.getByText(`Downloaded attendance-register-CSE-3A-${month}.xlsx`)).toBeVisible();
  await page.unroute('**/api/v1/reports/attendance-register?*');

  // Library overdue and fines as CSV.
  const overdue = page.getByRole('region', { name: 'Library overdue and fines' });
  await overdue.getByLabel('Format').selectOption('csv');
  const csvDownload = page.waitForEvent('download');
  await overdue.getByRole('button', { name: 'Download' }).click();
  const csv = (await streamBytes(await (await csvDownload).createReadStream())).toString('utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Member,Email,Student ID,Book,ISBN,Issued on,Due on,Returned on,Status,Days overdue,Fine (₹),Fine status');

  // Placement applications of every job as .xlsx: the demo drives' applications.
  const applications = page.getByRole('region', { name: 'Placement applications' });
  const placementDownload = page.waitForEvent('download');
  await applications.getByRole('button', { name: 'Download' }).click();
  const placementBook = XLSX.read(await streamBytes(await (await placementDownload).createReadStream()), { type: 'buffer' });
  const placementRows = XLSX.utils.sheet_to_json<unknown[]>(placementBook.Sheets[placementBook.SheetNames[0]!]!, { header: 1 });
  expect(placementRows[0]).toEqual(['Company', 'Role', 'Student name', 'Student ID', 'Department', 'CGPA', 'Status', 'Applied at']);
  expect(placementRows.length).toBeGreaterThan(1);

  // A required parameter left out: the browser's own check stops it before any request.
  const marks = page.getByRole('region', { name: 'Marks by exam' });
  await marks.getByRole('button', { name: 'Download' }).click();
  await expect(marks.getByLabel('Exam')).toHaveJSProperty('validity.valueMissing', true);

  await checkScreen(page, 'staff-reports');
  await fitsPhone(page, '/dashboard/staff/reports');
});

test('Staff and SuperAdmin dashboards show live figures', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tasks = await (await apiAs(page, 'Staff'))<OpenTasks>('/stats/tasks');
  await loginAs(page, 'Staff');
  await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open Tasks' });
  if (tasks.overdueLoans > 0) await expect(open.getByRole('listitem').filter({ hasText: /library loans? overdue/ })).toContainText(String(tasks.overdueLoans));
  if (tasks.pendingApprovals > 0) await expect(open.getByRole('listitem').filter({ hasText: /waiting for approval/ })).toContainText(String(tasks.pendingApprovals));
  if (tasks.expiringNotices > 0) await expect(open.getByRole('listitem').filter({ hasText: /expiring within 7 days/ })).toContainText(String(tasks.expiringNotices));
  if (tasks.applicationsToReview > 0) {
    const review = open.getByRole('listitem').filter({ hasText: /to review/ });
    await expect(review).toContainText(String(tasks.applicationsToReview));
    await expect(review.getByRole('link', { name: 'Placement cell' })).toHaveAttribute('href', '/dashboard/placement');
  }
  if (!tasks.overdueLoans && !tasks.pendingApprovals && !tasks.expiringNotices && !tasks.applicationsToReview) await expect(open.getByText('Nothing is waiting for you.')).toBeVisible();
  await checkScreen(page, 'staff-dashboard');
  await fitsPhone(page, '/dashboard/staff');

  await page.context().clearCookies();
  await page.goto('/logout');
  await loginAs(page, 'SuperAdmin');
  await expect(page.getByRole('heading', { name: 'System overview', level: 1 })).toBeVisible();
  await expect(page.getByText('API uptime')).toBeVisible();
  await expect(page.getByText('Embedded database (PGlite)')).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d)? (B|KB|MB|GB)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View the audit log' })).toHaveAttribute('href', '/dashboard/superadmin/logs');
  await checkScreen(page, 'superadmin-dashboard');
  await fitsPhone(page, '/dashboard/superadmin');
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
