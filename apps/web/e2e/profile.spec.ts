import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { checkScreen, DEMO, DEMO_PASSWORD, expect, login, test, uniqueEmail } from './utils';

// The teacher's Profile page (issue 12 item 8) on the real server: details, picture upload with the
// header following, achievements. Each run signs up its own teacher, so the demo account is untouched.
test.use({ bypassCSP: true });

const here = path.dirname(fileURLToPath(import.meta.url));
const AVATAR = path.resolve(here, '../../server/test/fixtures/files/avatar.png');

/** A fresh, approved Teacher account (self-registered Teachers wait for an Admin). */
async function newTeacher(request: APIRequestContext, name: string): Promise<string> {
  const email = uniqueEmail('profile');
  const reg = await request.post('/api/v1/auth/register', { data: { name, email, phone: '9845012399', password: 'secret123', roles: 'Teacher' } });
  expect(reg.status()).toBe(201);
  const { user } = (await reg.json()) as { user: { _id: string } };
  const admin = await request.post('/api/v1/auth/login', { data: { email: DEMO.Admin.email, password: DEMO_PASSWORD } });
  const { token } = (await admin.json()) as { token: string };
  const approve = await request.post(`/api/v1/users/${user._id}/approve`, { headers: { authorization: `Bearer ${token}` } });
  expect(approve.status()).toBe(200);
  return email;
}

test('a teacher updates their details, picture and achievements', async ({ page, request }) => {
  const email = await newTeacher(request, 'Dr. Kavitha Rao');
  await page.goto('/login');
  await login(page, email, 'secret123');
  await expect(page).toHaveURL('/dashboard/teacher');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL('/dashboard/teacher/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // Details: validation first, then a saved change the header shows.
  const name = page.getByLabel('Name');
  await name.fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Dr. Kavitha S. Rao');
  await page.getByLabel('Bio').fill('Associate Professor, Computer Networks and IoT.');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Dr. Kavitha S. Rao')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue('Associate Professor, Computer Networks and IoT.');

  // Picture: uploaded, shown in the header (an <img> without a token), then removed.
  await page.getByLabel('Change picture').setInputFiles(AVATAR);
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const headerImage = page.getByRole('banner').locator('img');
  await expect(headerImage).toHaveAttribute('src', /^\/api\/v1\/files\/[0-9a-f-]{36}$/);
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);

  // Achievements: added through the dialog, listed, deleted.
  await page.getByRole('button', { name: 'Add Achievement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Achievement' });
  await dialog.getByLabel('Title').fill('Best Paper Award, IEEE ANTS');
  await dialog.getByLabel('Year').fill('2024');
  await dialog.getByLabel('Description').fill('For work on low-power mesh routing.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Achievements' });
  await expect(list.getByText('Best Paper Award, IEEE ANTS')).toBeVisible();

  await checkScreen(page, 'teacher-profile');

  await page.getByRole('button', { name: 'Delete Best Paper Award, IEEE ANTS' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No achievements added yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveCount(0);
});
