import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
});
afterAll(() => t.close());

function multipart(content: Buffer | string, filename = 'books.csv') {
  const boundary = `----crs${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (content: Buffer | string, auth: Auth = desk) => {
  const { payload, headers } = multipart(content);
  return t.app.inject({ method: 'POST', url: '/api/v1/library/books/import', headers: { ...auth, ...headers }, payload });
};

const catalogue = async (q = '') => {
  const res = await t.app.inject({ url: `/api/v1/library/books?pageSize=100&q=${encodeURIComponent(q)}`, headers: desk });
  return res.json() as { books: Book[]; total: number };
};

const GOOD = [
  'title,authors,subjects,publisher,year,isbn,tags,copies',
  'Computer Networks,Andrew S. Tanenbaum;David Wetherall,Computer Science|Networking,Pearson,2010,978-0-13-212695-3,core;gate,4',
  '"Fluid Mechanics, Vol. 1",R. K. Bansal,Mechanical Engineering,Laxmi,2005,,,2',
  'Untitled Notes,,,,,,,',
].join('\n');

describe('CSV import', () => {
  it('imports a good file, then a re-import adds nothing', async () => {
    const res = await upload(GOOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, skipped: 0 });
    const [book] = (await catalogue('tanenbaum')).books;
    expect(book).toMatchObject({
      title: 'Computer Networks',
      authors: ['Andrew S. Tanenbaum', 'David Wetherall'],
      subjects: ['Computer Science', 'Networking'],
      publisher: 'Pearson',
      year: 2010,
      isbn: '9780132126953',
      tags: ['core', 'gate'],
      copiesTotal: 4,
      copiesAvailable: 4,
    });
    expect((await catalogue('fluid')).books[0]).toMatchObject({ title: 'Fluid Mechanics, Vol. 1', isbn: null, copiesTotal: 2 });
    expect((await catalogue('untitled')).books[0]).toMatchObject({ copiesTotal: 1, authors: [] });

    const before = (await catalogue()).total;
    const again = await upload(GOOD);
    expect(again.json()).toEqual({ created: 0, skipped: 3 });
    expect((await catalogue()).total).toBe(before);
  });

  it('accepts a BOM, CRLF line ends, any column order and case, blank lines', async () => {
    const csv = '\uFEFFCopies,ISBN,Title,Authors\r\n3,0198503466,Organic Chemistry,Jonathan Clayden\r\n\r\n1,,Spectroscopy,Donald L. Pavia\r\n';
    const res = await upload(Buffer.from(csv, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, skipped: 0 });
    expect((await catalogue('organic')).books[0]).toMatchObject({ title: 'Organic Chemistry', isbn: '0198503466', copiesTotal: 3 });
  });

  it("reads ';'-separated files (Excel and LibreOffice with a decimal-comma locale) and tab-separated ones", async () => {
    const semicolons = [
      '\uFEFFtitle;authors;subjects;year;copies',
      'Strength of Materials;"S. S. Rattan;R. K. Rajput";Mechanical Engineering|Civil Engineering;2011;2',
      '"Surveying; Volume 2";B. C. Punmia;Civil Engineering;2016;1',
    ].join('\r\n');
    const res = await upload(Buffer.from(semicolons, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, skipped: 0 });
    expect((await catalogue('rattan')).books[0]).toMatchObject({
      title: 'Strength of Materials',
      authors: ['S. S. Rattan', 'R. K. Rajput'],
      subjects: ['Mechanical Engineering', 'Civil Engineering'],
      copiesTotal: 2,
    });
    expect((await catalogue('punmia')).books[0]).toMatchObject({ title: 'Surveying; Volume 2' });

    const tabs = 'title\tauthors\tcopies\nDigital Logic, 2nd ed.\tM. Morris Mano\t3\n';
    const tabbed = await upload(tabs);
    expect(tabbed.json()).toEqual({ created: 1, skipped: 0 });
    expect((await catalogue('mano')).books[0]).toMatchObject({ title: 'Digital Logic, 2nd ed.', copiesTotal: 3 });
  });

  it('is all-or-nothing: any bad row → 422 with every bad row by number, nothing written', async () => {
    const before = (await catalogue()).total;
    const csv = [
      'title,authors,year,isbn,copies',
      'Good Book One,A. Writer,2001,,1',
      ',No Title,2001,,1',
      'Bad Isbn,B. Writer,2001,978-0-13-212695-4,1',
      'Bad Copies,C. Writer,2001,,many',
      'Bad Year,D. Writer,3001,,1',
      'Good Book Two,E. Writer,2002,,1',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MSG.importInvalid,
      code: 'IMPORT_INVALID',
      errors: [
        { row: 3, message: `title: ${MSG.bookTitleRequired}` },
        { row: 4, message: `isbn: ${MSG.isbnChecksum}` },
        { row: 5, message: 'copies: must be a whole number' },
        { row: 6, message: 'year: Year is too far in the future' },
      ],
    });
    expect((await catalogue()).total).toBe(before);
    expect((await catalogue('good book')).total).toBe(0);
  });

  it('skips books already in the catalogue and duplicates inside the file (natural key)', async () => {
    const csv = [
      'title,authors,isbn,copies',
      'Computer Networks,Someone Else,9780132126953,1', // same ISBN as an existing book
      '"FLUID MECHANICS, VOL. 1",r. k. bansal,,5', // same title + first author, any case
      'Brand New,New Author,,1',
      'Brand New,New Author,,1',
    ].join('\n');
    expect((await upload(csv)).json()).toEqual({ created: 1, skipped: 3 });
  });

  it('refuses a header without title, an empty file, malformed CSV (422)', async () => {
    const noTitle = await upload('name,copies\nX,1\n');
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors).toEqual([{ row: 1, message: MSG.importMissingColumns }]);
    expect((await upload('title,copies\n')).json().errors).toEqual([{ row: 2, message: MSG.importEmpty }]);
    const broken = await upload('title,copies\n"Unclosed,1\n');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0].message).toMatch(/^Not a valid CSV file/);
  });

  it('refuses a file over 2 MiB with 413', async () => {
    const row = 'A Very Long Title For Padding The File Beyond The Limit,Some Author,,,,,,1\n';
    const big = 'title,authors,subjects,publisher,year,isbn,tags,copies\n' + row.repeat(Math.ceil((2 * 1024 * 1024) / row.length) + 10);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.importTooLarge, code: 'FILE_TOO_LARGE' });
  });

  it('refuses a file that is not UTF-8 text with 415', async () => {
    const latin1 = Buffer.from('title,copies\nCaf\xe9 Society,1\n', 'latin1');
    const res = await upload(latin1);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.importNotUtf8, code: 'UNSUPPORTED_FILE_TYPE' });
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect((await upload(zip)).statusCode).toBe(415);
  });

  it('refuses a request without a file (400), a non-multipart body (415), other roles (403)', async () => {
    const boundary = '----crsnofile';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/library/books/import',
      headers: { ...desk, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/library/books/import',
      headers: { ...desk, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntitle',
    });
    expect(garbled.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/library/books/import', headers: desk, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    for (const role of ['Student', 'Teacher', 'Staff'] as const) {
      expect((await upload(GOOD, (await loginAs(t, [role])).auth)).statusCode).toBe(403);
    }
  });
});
