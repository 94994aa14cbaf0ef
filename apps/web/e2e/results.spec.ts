import type { Page } from '@playwright/test';
import type { Results } from '@crs/shared/schemas/assessment';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test } from './utils';

// Issue 12 on the real server with the demo data: the demo Teacher uploads a material (with real
// upload progress), sees it listed, downloads and deletes it; the demo Student reads the published
// results, SGPA and CGPA exactly as GET /results/me gives them, and the dashboard's CGPA card and
// upcoming deadlines. axe in light and dark; every screen fits 390 px.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };

/** Opens `path` on a phone (the frame lays out for the screen it starts on), then again on a desktop. */
async function fitsPhone(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** A real (if plain) PDF of about `mib` MiB: the server checks the bytes, so it must start like one. */
function pdfOf(mib: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% CRS e2e upload\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(Math.round(mib * 1024 * 1024), 0x20), Buffer.from('\n%%EOF\n')]);
}

test('the demo Teacher uploads a material with progress, sees it listed, downloads and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.getByRole('link', { name: 'Research' }).first().click();
  await expect(page).toHaveURL('/dashboard/teacher/research');
  await expect(page.getByRole('heading', { name: 'Upload Research/Material', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your uploaded materials' });
  // The seed's materials of the demo teacher are there from the first start.
  await expect(table.getByText('Unit 1 Notes: Arrays, Linked Lists and Stacks')).toBeVisible();

  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('File is required')).toBeVisible();

  const title = `Unit 2 Notes: Trees and Graphs ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Binary trees, BST operations, BFS and DFS.');
  await page.getByLabel('Subject').selectOption({ label: 'CS301 · Data Structures' });
  await page.getByLabel('File').setInputFiles({ name: 'unit2-trees-graphs.pdf', mimeType: 'application/pdf', buffer: pdfOf(3) });
  await expect(page.getByText('1 file(s) selected')).toBeVisible();

  // Slow the upload down (about 2 s for 3 MiB), so the progress the browser reports can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: (12 * 1024 * 1024) / 8 });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect.poll(async () => Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.getByText('Material uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Notes · CS301')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByText('No file selected')).toBeVisible();

  // The download link is signed: it opens without a token, as a download, with the stored bytes.
  const href = await row.getByRole('link', { name: `Download ${title}` }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await checkScreen(page, 'teacher-research');
  await fitsPhone(page, '/dashboard/teacher/research');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete material?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Material deleted')).toBeVisible();
  await expect(table.getByText(title)).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);
});

test('the demo Student sees published marks, SGPA and CGPA as /results/me gives them, and the dashboard card and deadlines', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const login = await page.request.post('/api/v1/auth/login', { data: { email: DEMO.Student.email, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const api = (await (await page.request.get('/api/v1/results/me', { headers: { authorization: `Bearer ${token}` } })).json()) as Results;
  expect(api.cgpa).not.toBeNull();
  expect(api.subjects.length).toBeGreaterThan(0);

  await loginAs(page, 'Student');
  // Dashboard: the CGPA card and the upcoming deadlines (the seed's end-semester exams lie ahead).
  await expect(page.getByText('CGPA', { exact: true })).toBeVisible();
  await expect(page.getByText(api.cgpa!.toFixed(2), { exact: true })).toBeVisible();
  const deadlines = page.getByRole('list', { name: 'Upcoming Deadlines' });
  await expect(deadlines.getByText(/End-Semester Examination/).first()).toBeVisible();
  await checkScreen(page, 'student-dashboard-results');
  await fitsPhone(page, '/dashboard/student');

  await page.getByRole('link', { name: 'Results' }).first().click();
  await expect(page).toHaveURL('/dashboard/student/results');
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cgpa')).toHaveText(api.cgpa!.toFixed(2));
  for (const s of api.semesters) await expect(page.getByText(`SGPA · Semester ${s.semester}`).locator('xpath=following-sibling::dd')).toHaveText(s.sgpa.toFixed(2));

  const subjects = page.getByRole('table', { name: 'Results by subject' });
  for (const s of api.subjects) {
    const row = subjects.getByRole('row').filter({ hasText: s.code });
    await expect(row).toHaveText(new RegExp(`${s.semester}\\s*${s.code}\\s*${s.name}\\s*${s.credits}\\s*${s.percent.toFixed(2)}%\\s*${s.grade.replace('+', '\\+')}\\s*${s.gradePoint}`));
    const exams = page.getByRole('table', { name: `${s.code} exam marks` });
    for (const e of s.exams) {
      const text = e.absent ? 'Absent' : e.marks === null ? 'Not entered' : `${Number(e.marks.toFixed(2))} / ${e.maxMarks}`;
      await expect(exams.getByRole('row').filter({ has: page.getByRole('cell', { name: e.name, exact: true }) })).toContainText(text);
    }
  }
  // Only published exams are shown: this term's unpublished Internal Assessment II is not (the first year's, all published, is).
  await expect(page.getByRole('table', { name: 'CS301 exam marks' }).getByRole('cell', { name: 'Internal Assessment II', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'MA101 exam marks' }).getByRole('cell', { name: 'Internal Assessment II', exact: true })).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'Internal Assessment I', exact: true }).first()).toBeVisible();
  await checkScreen(page, 'student-results');
  await fitsPhone(page, '/dashboard/student/results');
});
