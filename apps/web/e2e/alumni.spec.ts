import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, loginAs, test, type DemoRole } from './utils';

// The alumni directory (issue 10, spec section 2) against the real server. Every test makes its own
// alumni through the API with names unique to the run, so the file passes in any order and twice on
// the same server. The spreadsheets are the server's fixtures, made by LibreOffice Calc.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/alumni');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A surname no seeded alumnus has, so a search finds exactly this test's people. */
const family = (tag: string) => `Zq${tag}${run}`;

async function tokenOf(request: APIRequestContext, role: DemoRole): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email: DEMO[role].email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function addAlumnus(request: APIRequestContext, data: Partial<Alumnus> & { name: string }): Promise<Alumnus> {
  const res = await request.post('/api/v1/alumni', { headers: { authorization: `Bearer ${await tokenOf(request, 'Teacher')}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { alumnus: Alumnus }).alumnus;
}

/** Three alumni of one family: one with a full profile, one without email, one private. */
async function addFamily(request: APIRequestContext, tag: string) {
  const last = family(tag);
  const full = await addAlumnus(request, {
    name: `Aarav ${last}`,
    email: `aarav.${last.toLowerCase()}@alumni.example`,
    phone: '9845012345',
    enrollmentNo: `E2E${last}`.slice(0, 50),
    batch: '2012-2016',
    department: 'Computer Science and Engineering',
    degree: 'B.Tech',
    specialization: 'Computer Science',
    graduationYear: 2016,
    currentCompany: 'Flipkart Internet Private Limited, Bengaluru',
    currentRole: 'Staff Software Engineer, Supply Chain Platform',
    linkedin: 'https://www.linkedin.com/in/aarav-example',
    location: 'Bengaluru',
    about: 'Mentors final-year students for placements.',
    experiences: [
      { company: 'Flipkart', role: 'Staff Software Engineer', startDate: '2020-07-01', endDate: null, currentlyWorking: true, description: 'Supply chain services' },
      { company: 'Infosys', role: 'Systems Engineer', startDate: null, endDate: '2020-06-30', currentlyWorking: false, description: null },
    ],
    tags: ['mentor', 'backend', 'placements'],
  });
  const noEmail = await addAlumnus(request, { name: `Bhumika ${last}`, department: 'Mechanical Engineering', graduationYear: 2011, currentCompany: 'Tata Motors', currentRole: 'Manager' });
  const hidden = await addAlumnus(request, { name: `Chirag ${last}`, email: `chirag.${last.toLowerCase()}@alumni.example`, visibility: 'private', currentCompany: 'ISRO', currentRole: 'Scientist' });
  return { last, full, noEmail, hidden };
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search alumni' }).fill(text);
  const q = new URLSearchParams({ q: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`[?&]${q}(&|$)`));
}

const rows = (page: Page) => page.getByTestId('alumni-row');

test('Teacher: search kept in the URL, detail dialog, detail page, both themes', async ({ page, request }) => {
  const { last, full, hidden } = await addFamily(request, 'view');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.getByRole('link', { name: 'Alumni' }).click();
  await expect(page).toHaveURL('/alumni');
  await expect(page.getByRole('heading', { level: 1, name: 'Alumni' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByText(/^Showing 1–20 of \d+/)).toBeVisible();
  await checkScreen(page, 'alumni-list');

  await searchFor(page, last);
  await expect(rows(page)).toHaveCount(3);
  // Faculty see private profiles; the long company is cut at 150 px with the whole text as its title.
  await expect(page.getByRole('button', { name: hidden.name, exact: true })).toBeVisible();
  const company = page.getByTitle(full.currentCompany!);
  expect((await company.boundingBox())!.width).toBeLessThanOrEqual(150);

  // The search survives a reload (it is in the URL), and the company matches too.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search alumni' })).toHaveValue(last);
  await expect(rows(page)).toHaveCount(3);
  await searchFor(page, `flipkart ${last.toLowerCase()}`);
  await expect(rows(page)).toHaveCount(1);

  // A click on the row (not on the name) opens the details.
  await rows(page).first().getByText('2016').click();
  const dialog = page.getByRole('dialog', { name: full.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('B.Tech in Computer Science')).toBeVisible();
  await expect(dialog.getByText('2 roles')).toBeVisible();
  await expect(dialog.getByText('Current Position')).toBeVisible();
  await expect(dialog.getByTestId('experience-dates')).toHaveText(['Jul 2020 – Present', 'N/A – Jun 2020']);
  await expect(dialog.getByText('3 skills')).toBeVisible();
  await expect(dialog.getByText(full.email!)).toBeVisible();
  await checkScreen(page, 'alumni-detail-dialog');
  await dialog.getByRole('link', { name: 'Open full profile' }).click();

  await expect(page).toHaveURL(`/alumni/${full._id}`);
  await expect(page.getByRole('heading', { level: 1, name: full.name })).toBeVisible();
  await expect(page.getByTestId('alumnus-degree')).toHaveText('B.Tech in Computer Science (2016)');
  await expect(page.getByTestId('alumnus-job')).toHaveText(`${full.currentRole} at ${full.currentCompany}`);
  await expect(page.getByRole('link', { name: full.linkedin! })).toHaveAttribute('href', full.linkedin!);
  for (const name of ['Edit', 'Message', 'Delete']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await checkScreen(page, 'alumni-detail-page');
  await page.getByRole('link', { name: 'Back to Alumni' }).click();
  await expect(page).toHaveURL('/alumni');
});

test('Teacher: create, then edit from the row actions', async ({ page }) => {
  const last = family('form');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto('/alumni');
  await page.getByRole('button', { name: 'Create Alumnus' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Alumnus' });
  await form.getByRole('button', { name: 'Create Alumni' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill(`Ishita ${last}`);
  await form.getByLabel('Email').fill(`ishita.${last.toLowerCase()}@alumni.example`);
  await form.getByLabel('Graduation Year').fill('2015');
  await form.getByLabel('Department').fill('Electrical and Electronics Engineering');
  await form.getByLabel('Current Company').fill('Siemens');
  await form.getByLabel('Current Role').fill('Project Engineer');
  await form.getByLabel('Tags').fill('power systems, mentor');
  await form.getByRole('button', { name: 'Add Experience' }).click();
  await form.getByRole('group', { name: 'Experience 1' }).getByLabel('Company').fill('Siemens');
  await form.getByRole('group', { name: 'Experience 1' }).getByLabel('Current Position').check();
  await checkScreen(page, 'alumni-create-form');
  await form.getByRole('button', { name: 'Create Alumni' }).click();
  await expect(page.getByText(MSG.alumnusCreated)).toBeVisible();
  await expect(form).toHaveCount(0);

  await searchFor(page, last);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for Ishita ${last}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Alumni Profile' });
  await expect(edit.getByLabel('Tags')).toHaveValue('power systems, mentor');
  await edit.getByLabel('Current Role').fill('Lead Project Engineer');
  await edit.getByRole('button', { name: 'Update Alumni' }).click();
  await expect(page.getByText(MSG.alumnusUpdated)).toBeVisible();
  await expect(rows(page).first()).toContainText('Lead Project Engineer');
});

test('Teacher: selection, banner, clear; a message reaches the server record', async ({ page, request }) => {
  const { last, full, noEmail } = await addFamily(request, 'mail');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto(`/alumni?q=${last}`);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: `Select ${full.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${noEmail.name}` }).check();
  await expect(page.getByTestId('selection-banner')).toContainText('2 alumni selected');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selection-banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Message (0)' })).toBeDisabled();

  await page.getByRole('checkbox', { name: `Select ${full.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${noEmail.name}` }).check();
  await page.getByRole('button', { name: 'Message (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message 2 alumni' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText(MSG.alumniMessageEmpty)).toBeVisible();
  const subject = `Alumni meet ${run}`;
  await dialog.getByLabel('Subject (optional)').fill(subject);
  await dialog.getByLabel('Message', { exact: true }).fill('Dear ');
  await dialog.getByRole('button', { name: 'Insert {{name}}' }).click();
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('Dear {{name}}');
  await checkScreen(page, 'alumni-message-dialog');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(MSG.alumniMessageSent).first()).toBeVisible();
  await expect(dialog.getByTestId('message-result')).toContainText('1 email queued.');
  await expect(dialog.getByTestId('message-result')).toContainText(`No email on record, not sent: ${noEmail.name}.`);

  const res = await request.get('/api/v1/alumni/messages', { headers: { authorization: `Bearer ${await tokenOf(request, 'Teacher')}` } });
  const record = ((await res.json()) as { messages: { subject: string; message: string; queued: number; recipients: { _id: string }[] }[] }).messages.find((m) => m.subject === subject);
  expect(record).toMatchObject({ message: 'Dear {{name}}', queued: 1 });
  expect(record!.recipients.map((r) => r._id).sort()).toEqual([full._id, noEmail._id].sort());
});

test('Teacher: delete one from its row, then several at once', async ({ page, request }) => {
  const { last, full, noEmail, hidden } = await addFamily(request, 'del');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto(`/alumni?q=${last}`);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: `Actions for ${full.name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Alumnus?' });
  await expect(confirm.getByText('This will permanently delete this alumnus record.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.alumnusDeleted, { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('selection-banner')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 2 alumni?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.alumniDeleted)).toBeVisible();
  await expect(page.getByText('No alumni found matching your search.')).toBeVisible();
  const token = await tokenOf(request, 'Teacher');
  for (const a of [full, noEmail, hidden]) expect((await request.get(`/api/v1/alumni/${a._id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);
});

test('Teacher: Excel upload of .xlsx and .xls made by LibreOffice, and a bad file', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto('/alumni');
  for (const file of ['alumni-small.xlsx', 'alumni-small.xls']) {
    await page.getByRole('button', { name: 'Upload Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Excel' });
    await dialog.getByLabel('Choose a file').setInputFiles(path.join(FIXTURES, file));
    // Created on the first run, updated (matched by email or enrollment number) on the next.
    await expect(dialog.getByTestId('import-row')).toHaveCount(8);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByTestId('import-result')).toHaveText(/^Imported: \d+ created, \d+ updated, 0 skipped\.$/);
    await expect(page.getByText('Excel uploaded successfully!').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
  }
  // Both files' Aditya Kulkarni (the demo directory may hold another).
  await searchFor(page, 'Aditya Kulkarni');
  await expect(rows(page).nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Upload Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Excel' });
  await dialog.getByLabel('Choose a file').setInputFiles(path.join(FIXTURES, 'alumni-bad.xlsx'));
  await expect(dialog.getByTestId('import-errors')).toBeVisible();
  await expect(dialog.getByTestId('import-bad-row').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Download error file' })).toBeVisible();
  await checkScreen(page, 'alumni-upload-errors');
});

test('Student: the list and details only; no private profile, no contact fields of one', async ({ page, request }) => {
  const { last, full, noEmail, hidden } = await addFamily(request, 'student');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Student');
  await page.goto(`/alumni?q=${last}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: hidden.name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  for (const name of ['Create Alumnus', 'Upload Excel', /^Message \(/, /^Delete \(/, /^Actions for/]) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Current Role', 'Company', 'Graduation Year', 'Department']);

  await page.getByRole('button', { name: noEmail.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: noEmail.name });
  await expect(dialog.getByText('No LinkedIn profile')).toBeVisible();
  await expect(dialog.getByText('0 roles')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/alumni/${full._id}`);
  await expect(page.getByRole('heading', { level: 1, name: full.name })).toBeVisible();
  for (const name of ['Edit', 'Message', 'Delete']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await checkScreen(page, 'alumni-detail-student');

  // A private profile is not there for a student: a toast, and back to the list.
  await page.goto(`/alumni/${hidden._id}`);
  await expect(page.getByText(MSG.alumnusNotFound)).toBeVisible();
  await expect(page).toHaveURL('/alumni');
});

test('Staff opens the directory with the faculty tools', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Staff');
  await page.goto('/alumni');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Alumnus' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
});

test('Librarian is refused the directory', async ({ page }) => {
  await loginAs(page, 'Librarian');
  await page.goto('/alumni');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('390 px: the list, the dialog and the page fit a phone', async ({ page, request }) => {
  const { last, full } = await addFamily(request, 'phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Teacher');
  await page.goto(`/alumni?q=${last}`);
  await expect(rows(page)).toHaveCount(3);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: full.name, exact: true }).click();
  await expect(page.getByRole('dialog', { name: full.name })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await page.goto(`/alumni/${full._id}`);
  await expect(page.getByRole('heading', { level: 1, name: full.name })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
  await checkScreen(page, 'alumni-detail-phone');
});
