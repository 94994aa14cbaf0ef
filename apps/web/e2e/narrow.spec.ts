import { expect, loginAs, test } from './utils';

// Phone layouts that the page walk (route-walk.spec.ts, every page of every role at 390 px) does not
// reach: a dashboard list's reading order.
const PHONE = { width: 390, height: 844 };

test('Student: Upcoming Deadlines reads in one column on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, 'Student');
  const list = page.getByRole('list', { name: 'Upcoming Deadlines' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Each item's date sits below its title, not beside it.
  const items = await list.getByRole('listitem').evaluateAll((lis) =>
    lis.map((li) => {
      const [text, when] = Array.from(li.children).map((c) => c.getBoundingClientRect());
      return { stacked: !!text && !!when && when.top >= text.bottom - 1 && Math.abs(when.left - text.left) <= 1 };
    }),
  );
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((i) => i.stacked)).toBe(true);
});
