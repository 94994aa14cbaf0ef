import type { Browser, Page } from '@playwright/test';
import { checkScreen, expect, loginAs, test, type DemoRole } from './utils';

// The academic calendar (issue 27) on the real server: an Admin adds a college-wide holiday on a
// day the demo teacher teaches, the teacher's calendar shows the holiday and no class that day;
// the student's /calendar in its three views passes axe in both themes and fits a 390 px phone.
// The holiday is named uniquely and deleted at the end, so the demo data is left as it was.
test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

async function asRole(browser: Browser, role: DemoRole): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, role);
  return page;
}

/** 'Wed 16 Dec 2026' (a day's heading) → '2026-12-16'. */
function dayOf(heading: string): string {
  const [, d, m, y] = /(\d{1,2}) (\w{3}) (\d{4})/.exec(heading) ?? [];
  return `${y}-${String(MONTHS.indexOf(m!) + 1).padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus n days. */
const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The page never scrolls sideways. */
async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('an Admin adds a holiday; the teacher sees it on their calendar and no class that day', async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = await asRole(browser, 'Teacher');
  await teacher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(teacher.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();

  // A teaching day in the coming weeks: the first day of a week view that lists a class and no holiday.
  const today = new Date().toISOString().slice(0, 10);
  let day: string | null = null;
  for (let week = 1; week <= 6 && !day; week += 1) {
    await teacher.goto(`/calendar?view=week&date=${plus(today, 7 * week)}`);
    const days = teacher.getByRole('list', { name: /–/ }).getByRole('listitem').filter({ has: teacher.getByRole('heading', { level: 3 }) });
    await expect(days.first()).toBeVisible();
    for (const li of await days.all()) {
      const classes = li.getByRole('button', { name: /^Class: / });
      const holidays = li.getByRole('button', { name: /^Holiday: / });
      if ((await classes.count()) > 0 && (await holidays.count()) === 0) {
        day = dayOf((await li.getByRole('heading', { level: 3 }).textContent()) ?? '');
        break;
      }
    }
  }
  expect(day, 'the demo teacher teaches in the coming weeks').not.toBeNull();

  const title = `Campus closure ${Date.now().toString(36)}`;
  const admin = await asRole(browser, 'Admin');
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await admin.goto(`/calendar?view=agenda&date=${day}`);
  await admin.getByRole('button', { name: 'Add entry' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add to the calendar' });
  await expect(dialog.getByLabel('Kind')).toHaveValue('holiday');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('First day').fill(day!);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText('Added to the calendar')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Calendar entries' }).getByText(title)).toBeVisible();

  try {
    await teacher.goto(`/calendar?view=week&date=${day}`);
    const heading = `${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]} ${Number(day!.slice(8))} ${MONTHS[Number(day!.slice(5, 7)) - 1]} ${day!.slice(0, 4)}`;
    const that = teacher.getByRole('listitem', { name: new RegExp(`^${heading}`) });
    await expect(that.getByRole('button', { name: `Holiday: ${title}` })).toBeVisible();
    await expect(that.getByRole('button', { name: /^Class: / })).toHaveCount(0);
    await that.getByRole('button', { name: `Holiday: ${title}` }).click();
    await expect(teacher.getByRole('dialog', { name: title })).toContainText('Holiday');
  } finally {
    await admin.reload();
    await admin.getByRole('button', { name: `Delete ${title}` }).click();
    await admin.getByRole('alertdialog', { name: 'Delete calendar entry?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText('Calendar entry deleted')).toBeVisible();
  }
});

test('the student opens /calendar: month, week and agenda pass axe in light and dark and fit 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Student');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL('/calendar');
  await expect(page.getByTestId('month-grid')).toBeVisible();
  await checkScreen(page, 'calendar-month');

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);
  await checkScreen(page, 'calendar-week');

  await page.getByRole('tab', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(/view=agenda/);
  await checkScreen(page, 'calendar-agenda');

  // An item's detail (the seeded holidays and the student's classes fill the month).
  const first = page.getByRole('main').getByRole('button', { name: /^(Class|Exam|Holiday|Exam period|Event|Library due|Placement deadline): / }).first();
  if ((await first.count()) > 0) {
    await first.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkScreen(page, 'calendar-item');
    await page.keyboard.press('Escape');
  }

  await page.setViewportSize(PHONE);
  for (const view of ['month', 'week', 'agenda']) {
    await page.goto(`/calendar?view=${view}`);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    // On a phone the month is a list of days, not a seven-column grid.
    await expect(page.getByTestId('month-grid')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await fitsWidth(page);
  }
  await checkScreen(page, 'calendar-phone');
});
