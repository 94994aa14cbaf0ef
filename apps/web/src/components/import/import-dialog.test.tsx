import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportErrorBody, ImportResult } from '@crs/shared/schemas/import';
import { makeUser, type ApiServer, type Handler } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const preview: ImportResult = {
  dryRun: true,
  created: 1,
  updated: 0,
  skipped: 1,
  errors: [
    { row: 3, field: 'year', message: 'Year must be a whole number' },
    { row: 4, field: 'title', message: '=HYPERLINK("http://evil")' },
  ],
  rows: [
    { row: 2, action: 'create', values: { title: 'Atlas', year: '1990' } },
    { row: 3, action: 'error', values: { title: 'Broken', year: 'yesterday' } },
    { row: 4, action: 'error', values: { title: '', year: '2001' } },
    { row: 5, action: 'skip', values: { title: 'Primer', year: '2001' } },
  ],
  columns: ['title', 'year'],
};
const clean: ImportResult = { ...preview, errors: [], rows: preview.rows.filter((r) => r.action !== 'error'), created: 1, skipped: 1 };

/** The desk with the book import answering per dryRun; records each upload's query and body. */
async function deskWithImport(answer: (dryRun: boolean, body: string) => ReturnType<Handler>) {
  server = await signedInAs(makeUser({ roles: ['Librarian'] }), {
    'GET /library/settings': { body: { loanPeriodDays: 14, finePerDay: 2, graceDays: 0, maxFinePerLoan: 200, maxActiveLoans: 5, renewalsAllowed: 2, finesBlockAt: 500, replacementCost: 500, accessionPrefix: 'ACC', updatedAt: '2026-01-01T00:00:00Z' } },
    'GET /library/books': { body: { books: [], total: 0, capped: false } },
    'GET /library/loans': { body: { loans: [], total: 0 } },
    'POST /library/books/import': (req) => answer(req.query.get('dryRun') === 'true', String(req.body)),
  });
  const user = userEvent.setup();
  renderApp('/library?tab=management');
  // The first render loads the lazy library route; allow for a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Import books from a file' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Books' });
  return { user, dialog };
}

const csv = (text: string) => new File([text], 'books.csv', { type: 'text/csv' });
const decode = (href: string | null) => decodeURIComponent((href ?? '').replace(/^data:text\/csv;charset=utf-8,/, ''));

describe('ImportDialog (book import on the desk)', () => {
  it('offers the template built from the columns, previews a dry run with bad rows marked, and refuses to import them', async () => {
    const { user, dialog } = await deskWithImport((dryRun) => (dryRun ? { body: preview } : { status: 500, body: { message: 'must not be called', code: 'X' } }));
    const template = within(dialog).getByRole('link', { name: 'Download template' });
    expect(template).toHaveAttribute('download', 'books-template.csv');
    expect(decode(template.getAttribute('href'))).toMatch(/^\uFEFFtitle,authors,subjects,publisher,year,isbn,tags,copies,accession,shelf,acquired,price,batch\r\nOperating System Concepts,"Abraham Silberschatz; Peter B. Galvin; Greg Gagne",/);

    await user.upload(within(dialog).getByLabelText('Choose a file'), csv('title,year\r\nAtlas,1990\r\n'));
    const counts = await within(dialog).findByTestId('import-counts');
    expect(counts).toHaveTextContent('Created1');
    expect(counts).toHaveTextContent('Skipped1');
    expect(server!.calls('POST /library/books/import')).toHaveLength(1);
    expect(server!.calls('POST /library/books/import')[0]!.body).toContain('Atlas,1990');

    const table = within(dialog).getByRole('table', { name: 'Import preview' });
    const bad = within(table).getAllByTestId('import-bad-row');
    expect(bad).toHaveLength(2);
    expect(bad[0]).toHaveTextContent('year: Year must be a whole number');
    expect(within(dialog).getByTestId('import-errors')).toHaveTextContent('Row 3, year: Year must be a whole number');

    const errorFile = within(dialog).getByRole('link', { name: 'Download error file' });
    expect(decode(errorFile.getAttribute('href'))).toBe(`\uFEFFrow,column,message\r\n3,year,Year must be a whole number\r\n4,title,"'=HYPERLINK(""http://evil"")"\r\n`);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('imports after a clean preview, says what was created, and shows a 422 the same way as the preview', async () => {
    let real = 0;
    const refused: ImportErrorBody = { message: 'Some rows are invalid; nothing was imported', code: 'IMPORT_INVALID', errors: [{ row: 7, field: 'isbn', message: 'A book with this ISBN already exists' }] };
    const { user, dialog } = await deskWithImport((dryRun) => {
      if (dryRun) return { body: clean };
      real += 1;
      return real === 1 ? { body: { ...clean, dryRun: false, rows: [] } } : { status: 422, body: refused };
    });
    await user.upload(within(dialog).getByLabelText('Choose a file'), csv('title\r\nAtlas\r\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-result')).toHaveTextContent('Imported: 1 created, 0 updated, 1 skipped.');
    expect(server!.calls('POST /library/books/import').map((r) => r.query.get('dryRun'))).toEqual(['true', null]);

    await user.upload(within(dialog).getByLabelText('Choose a file'), csv('title\r\nAtlas\r\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Some rows are invalid; nothing was imported');
    expect(within(dialog).getByTestId('import-errors')).toHaveTextContent('Row 7, isbn: A book with this ISBN already exists');
  });

  it("shows the server's message for a file that is too large or of the wrong type", async () => {
    const { user, dialog } = await deskWithImport(() => ({ status: 413, body: { message: 'The file is larger than 2 MiB', code: 'FILE_TOO_LARGE' } }));
    await user.upload(within(dialog).getByLabelText('Choose a file'), csv('x'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is larger than 2 MiB');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument());
  });
});
