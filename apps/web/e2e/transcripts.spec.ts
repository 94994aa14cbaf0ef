import { readFileSync } from 'node:fs';
import { checkScreen, expect, loginAs, test } from './utils';

// Issue 27 item 6 on the real server with the demo data: the demo Student downloads their
// transcript from the Results page (a PDF), and the link its QR code carries opens the public
// verify page, which says valid with their name; axe in light and dark on that page.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };

test('the Student downloads their transcript; its verify page says valid', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'Student');
  await page.goto('/dashboard/student/results');
  const region = page.getByRole('region', { name: 'Grade cards and transcript' });
  await expect(region.getByRole('button', { name: /Download grade card · Semester \d+/ }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await region.getByRole('button', { name: 'Download transcript' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transcript-STU\d+\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The QR code's link (also the link annotation over it, which the PDF keeps as plain text).
  const link = /\/URI \((https?:\/\/[^)]+\/verify\/transcripts\/[A-Za-z0-9_-]{43})\)/.exec(bytes.toString('latin1'))?.[1];
  expect(link, 'the verify link in the PDF').toBeTruthy();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.setViewportSize(PHONE);
  await visitor.goto(new URL(link!).pathname);
  await expect(visitor.getByRole('heading', { name: 'Grade card / transcript verification', level: 1 })).toBeVisible();
  await expect(visitor.getByText('Valid document')).toBeVisible();
  await expect(visitor.getByText('Aarav Sharma')).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await checkScreen(visitor, 'verify-transcript-valid');
});
