import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './utils';

// The library against the real server and its demo seed (fresh data directory per run): ~330 books;
// student@demo.crs (Aarav Sharma) has 'Computer Networks' on loan, 'Operating Systems' 6 days
// overdue (₹12.00 at ₹2/day) and one returned loan. Tests run in this order on one server.

const BORROW_TITLE = 'Network Analysis';

async function openBook(page: Page, title: string): Promise<void> {
  await page.goto('/library');
  await page.getByRole('searchbox', { name: 'Search books' }).fill(title);
  const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.first().click();
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/** The 'x of y copies available' figures of the open book page. */
async function availability(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId('availability').textContent()) ?? '';
  const m = text.match(/^(\d+) of (\d+) copies available$/);
  if (!m) throw new Error(`Unexpected availability text: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

/** A valid ISBN-13 that no seeded book has. */
function freshIsbn(): string {
  const first12 = `979${String(Date.now()).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

test('a student borrows a book, sees it in My Loans and returns it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Student');
  await expect(page.getByText(/\d+ books? issued/)).toBeVisible();
  await expect(page.getByTestId('notification-dot')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL('/library');
  await expect(page.getByRole('tab', { name: 'Management' })).toHaveCount(0);
  await openBook(page, BORROW_TITLE);
  const [before, total] = await availability(page);

  await page.getByRole('button', { name: 'Borrow This Book' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Book Borrow' });
  await expect(confirm.getByText('Due date will be 14 days from today. Late returns may incur fines.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Borrow' }).click();
  const borrowed = page.getByRole('alertdialog', { name: 'Book Borrowed Successfully' });
  await expect(borrowed.getByText(/Due on/)).toBeVisible();
  await borrowed.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('availability')).toHaveText(`${before - 1} of ${total} copies available`);
  await expect(page.getByRole('button', { name: 'Return Book' })).toBeVisible();

  await page.goto('/library');
  await page.getByRole('tab', { name: 'My Loans' }).click();
  const row = page.getByTestId('loan-row').filter({ hasText: BORROW_TITLE });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  const overdue = page.getByTestId('loan-row').filter({ hasText: 'Operating Systems' });
  await expect(overdue.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(overdue.getByText('6 days')).toBeVisible();
  await expect(overdue.getByText('₹12.00')).toBeVisible();
  await expect(page.getByTestId('fines-total')).toHaveText('₹12.00');

  await row.getByRole('button', { name: 'Return Book' }).click();
  const returnDialog = page.getByRole('alertdialog', { name: 'Confirm Book Return' });
  await expect(returnDialog.getByText('Any late fees will be calculated upon return.')).toBeVisible();
  await returnDialog.getByRole('button', { name: 'Confirm Return' }).click();
  const returned = page.getByRole('alertdialog', { name: 'Book Returned Successfully' });
  await expect(returned.getByText('No fine is due.')).toBeVisible();
  await returned.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByText('Returned', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Return Book' })).toHaveCount(0);

  await openBook(page, BORROW_TITLE);
  await expect(page.getByTestId('availability')).toHaveText(`${before} of ${total} copies available`);
});

test('a teacher only views: no borrow, return or management', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Teacher');
  await page.goto('/library?tab=management');
  await expect(page.getByRole('tab', { name: 'Search Books' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Teachers can only view availability and must contact the library for borrowing, returning or extensions.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Management' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New Book' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Circulation Rules' })).toHaveCount(0);

  await openBook(page, 'Operating Systems');
  await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
  for (const name of ['Borrow This Book', 'Not Available', 'Return Book', 'Issue Book', 'Edit Book']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }

  await page.goto('/library/teacher');
  await expect(page.getByRole('tab', { name: 'Search Books' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Loans' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  await expect(page.getByText(/^\d+ \/ \d+ available$/).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search books' }).fill('qqxxzz');
  await expect(page.getByText('No books found.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/library\/books\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Book Information' })).toBeVisible();
});

test('the librarian issues a book to a member found by name and takes back an overdue one with its fine', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Librarian');
  await expect(page.getByText('Fines outstanding')).toBeVisible();

  await openBook(page, BORROW_TITLE);
  const [before, total] = await availability(page);
  await page.getByRole('button', { name: 'Issue Book' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue Book' });
  await issue.getByLabel('Find a member').fill('Rohan');
  await issue.getByRole('radio', { name: /Rohan Mehta/ }).check();
  await issue.getByRole('button', { name: 'Issue to Rohan Mehta' }).click();
  const issued = page.getByRole('alertdialog', { name: 'Book Issued Successfully' });
  await expect(issued.getByText(/issued to Rohan Mehta/)).toBeVisible();
  await issued.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('availability')).toHaveText(`${before - 1} of ${total} copies available`);

  await openBook(page, 'Operating Systems');
  await page.getByRole('button', { name: 'Return Book' }).click();
  const desk = page.getByRole('dialog', { name: 'Return Book' });
  const aarav = desk.getByRole('radio', { name: /Aarav Sharma/ });
  await expect(desk.getByText(/6 days overdue · fine ₹12\.00/)).toBeVisible();
  await aarav.check();
  await desk.getByRole('button', { name: 'Confirm Return' }).click();
  const returned = page.getByRole('alertdialog', { name: 'Book Returned Successfully' });
  await expect(returned.getByText('Fine: ₹12.00')).toBeVisible();
  await returned.getByRole('button', { name: 'OK' }).click();

  // The returned loan's fine is settled from the desk's loans view.
  await page.goto('/dashboard/librarian');
  await page.getByRole('button', { name: 'Returned', exact: true }).click();
  const row = page.getByTestId('desk-loan-row').filter({ hasText: 'Operating Systems' }).filter({ hasText: 'Aarav Sharma' });
  await expect(row.getByText('(unpaid)')).toBeVisible();
  await row.getByRole('button', { name: 'Mark Paid' }).click();
  await page.getByRole('alertdialog', { name: 'Mark Fine Paid' }).getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByText('Fine marked as paid')).toBeVisible();
  await expect(row.getByText('(paid)')).toBeVisible();
});

test('the librarian adds a book, edits it and imports books from a spreadsheet CSV', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Librarian');
  const stamp = Date.now().toString(36);
  const title = `Field Guide to Testing ${stamp}`;

  await page.goto('/library');
  await page.getByRole('button', { name: 'Add New Book' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Book' });
  await add.getByRole('button', { name: 'Add Book' }).click();
  await expect(add.getByText('Title is required')).toBeVisible();
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Authors').fill('Grace Hopper, Alan Turing');
  await add.getByLabel('Subjects').fill('Computer Science, Mathematics, Physics');
  await add.getByLabel('Publisher').fill('Campus Press');
  await add.getByLabel('Year Published').fill('2021');
  await add.getByLabel('ISBN').fill('978-0-13-468599-2');
  await add.getByLabel('Tags').fill('testing, reference');
  await add.getByLabel('Total Copies').fill('3');
  await add.getByRole('button', { name: 'Add Book' }).click();
  await expect(add.getByText('ISBN check digit does not match; please re-check the number')).toBeVisible();
  await add.getByLabel('ISBN').fill(freshIsbn());
  await add.getByRole('button', { name: 'Add Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Grace Hopper, Alan Turing')).toBeVisible();
  await expect(page.getByTestId('availability')).toHaveText('3 of 3 copies available');

  await page.getByRole('button', { name: 'Edit Book' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Book' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Title').fill(`${title} (2nd ed.)`);
  await edit.getByLabel('Total Copies').fill('5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (2nd ed.)` })).toBeVisible();
  await expect(page.getByTestId('availability')).toHaveText('5 of 5 copies available');
  await expect(page.getByTestId('figure-total-copies')).toHaveText('5');

  // A spreadsheet program's CSV: a UTF-8 BOM and CRLF line ends.
  const good = testInfo.outputPath('books.csv');
  writeFileSync(
    good,
    '\uFEFF' +
      ['title,authors,subjects,year,copies', `Imported Atlas ${stamp},Mercator,Geography;History,1990,2`, `Imported Primer ${stamp},"Lovelace, Ada",Computer Science,2001,1`, ''].join('\r\n'),
  );
  const bad = testInfo.outputPath('bad.csv');
  writeFileSync(bad, '\uFEFF' + ['title,year,copies', `Fine Row ${stamp},2000,1`, `Bad Row ${stamp},yesterday,1`, ',2001,1', ''].join('\r\n'));

  await page.goto('/library?tab=management');
  await page.getByRole('region', { name: 'Import Books' }).getByRole('button', { name: 'Import books from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Books' });
  // The preview (dry run) names every bad row and writes nothing; Import stays off.
  await dialog.getByLabel('Choose a file').setInputFiles(bad);
  await expect(dialog.getByTestId('import-errors')).toContainText(/Row 3, year/);
  await expect(dialog.getByTestId('import-errors')).toContainText(/Row 4, title/);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await dialog.getByLabel('Choose a file').setInputFiles(good);
  await expect(dialog.getByTestId('import-counts')).toContainText('Created2');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-result')).toHaveText('Imported: 2 created, 0 updated, 0 skipped.');
  // The same file again creates nothing (idempotent on the natural key).
  await dialog.getByLabel('Choose a file').setInputFiles(good);
  await expect(dialog.getByTestId('import-counts')).toContainText('Created0');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('Imported: 0 created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await openBook(page, `Imported Primer ${stamp}`);
  await expect(page.getByText('Lovelace, Ada')).toBeVisible();
});
