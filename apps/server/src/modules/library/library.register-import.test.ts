// The books import of a college's register (issue 31 item 7): one row per copy by accession
// number (a LibreOffice .xlsx of books-register.csv), or a count that numbers them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { importText } from '@crs/shared/schemas/import';
import type { Book, Copy } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { multipart } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/import', name));
const upload = (content: Buffer | string, filename: string, dryRun = false) => {
  const { payload, headers } = multipart(content, filename);
  return t.app.inject({ method: 'POST', url: `/api/v1/library/books/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...desk, ...headers }, payload });
};
const bookByIsbn = async (isbn: string) => {
  const res = await t.app.inject({ url: `/api/v1/library/books?q=${isbn}`, headers: desk });
  return (res.json() as { books: Book[] }).books.find((b) => b.isbn === isbn);
};
const copiesOf = async (id: string) => ((await t.app.inject({ url: `/api/v1/library/books/${id}/copies`, headers: desk })).json() as { copies: Copy[] }).copies;

describe('books import: the register by accession number', () => {
  it('imports a LibreOffice .xlsx register: one book per title, one copy per row with its shelf, date, price and batch; a re-import adds nothing', async () => {
    const file = fixture('books-register.xlsx');
    const preview = await upload(file, 'register.xlsx', true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ created: 6, skipped: 0, errors: [] });
    expect(preview.json().columns).toEqual(expect.arrayContaining(['accession', 'shelf', 'acquired', 'price', 'batch']));

    const res = await upload(file, 'register.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 6, skipped: 0 });
    const grewal = await bookByIsbn('9788193328491');
    expect(grewal).toMatchObject({ title: 'Higher Engineering Mathematics', copiesTotal: 3, copiesAvailable: 3 });
    expect((await copiesOf(grewal!._id)).map((c) => ({ a: c.accession, s: c.shelf, d: c.acquiredOn, p: c.price, b: c.batch }))).toEqual([
      { a: 'REG-004101', s: 'MATH-R1-S2', d: '2021-08-16', p: 745, b: 'PO-2021-22/033' },
      { a: 'REG-004102', s: 'MATH-R1-S2', d: '2021-08-16', p: 745, b: 'PO-2021-22/033' },
      { a: 'REG-004103', s: 'MATH-R1-S3', d: '2023-07-24', p: 795, b: 'PO-2023-24/087' },
    ]);
    expect(await bookByIsbn('9789386368294')).toMatchObject({ copiesTotal: 1 });
    expect((await copiesOf((await bookByIsbn('9789386368294'))!._id))[0]).toMatchObject({ accession: 'REG-004104', price: 1150 });
    expect(await bookByIsbn('9788121922456')).toMatchObject({ copiesTotal: 2 });

    const again = await upload(file, 'register.xlsx');
    expect(again.json()).toMatchObject({ created: 0, skipped: 6 });
    expect(await bookByIsbn('9788193328491')).toMatchObject({ copiesTotal: 3 });
  });

  it('adds a new register row to the book already in the catalogue; a count row still numbers its copies from the running number', async () => {
    const csv = [
      'title,authors,isbn,accession,shelf,copies',
      'Higher Engineering Mathematics,B. S. Grewal,9788193328491,REG-004190,MATH-R1-S4,',
      'Engineering Drawing,N. D. Bhatt,,,,3',
    ].join('\n');
    const res = await upload(csv, 'more.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, skipped: 0 });
    const grewal = await bookByIsbn('9788193328491');
    expect(grewal).toMatchObject({ copiesTotal: 4, copiesAvailable: 4 });
    expect((await copiesOf(grewal!._id)).map((c) => c.accession)).toContain('REG-004190');
    const search = (await t.app.inject({ url: '/api/v1/library/books?q=engineering%20drawing', headers: desk })).json() as { books: Book[] };
    const drawing = search.books.find((b) => b.title === 'Engineering Drawing')!;
    const numbered = await copiesOf(drawing._id);
    expect(numbered).toHaveLength(3);
    expect(numbered.every((c) => /^ACC-\d{6}$/.test(c.accession))).toBe(true);
  });

  it('refuses a register row with a count, a repeated accession number and a malformed one, writing nothing', async () => {
    const csv = [
      'title,authors,accession,copies,price',
      'Thermal Engineering,R. K. Rajput,REG-005001,3,',
      'Fluid Mechanics,R. K. Bansal,REG-005002,,',
      'Machine Design,V. B. Bhandari,REG-005002,,',
      'Theory of Machines,S. S. Rattan,REG 5003,,',
      'Manufacturing Processes,P. N. Rao,REG-005004,,twelve',
    ].join('\n');
    const res = await upload(csv, 'bad.csv');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'copies', message: MSG.importAccessionWithCopies },
        { row: 4, field: 'accession', message: importText.repeatedValue(3) },
        { row: 5, field: 'accession', message: MSG.accessionFormat },
        expect.objectContaining({ row: 6, field: 'price' }),
      ]),
    );
    const search = (await t.app.inject({ url: '/api/v1/library/books?q=fluid%20mechanics%20bansal', headers: desk })).json() as { total: number };
    expect(search.total).toBe(0);
  });
});
