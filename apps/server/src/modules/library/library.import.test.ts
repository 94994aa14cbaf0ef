import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { IMPORT_PREVIEW_ROWS, importErrorSchema, importResultSchema, importText } from '@crs/shared/schemas/import';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { makeZip } from '../../../test/zip.ts';
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
/** A word no other test (or earlier run) has used, so each test owns its books. */
const tag = () => `t${randomBytes(4).toString('hex')}`;

const upload = (content: Buffer | string, opts: { dryRun?: boolean; auth?: Auth; filename?: string; app?: TestApp } = {}) => {
  const { payload, headers } = multipart(content, opts.filename ?? 'books.csv');
  return (opts.app ?? t).app.inject({
    method: 'POST',
    url: `/api/v1/library/books/import${opts.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...(opts.auth ?? desk), ...headers },
    payload,
  });
};

const books = () => countRows(t.ctx, 'books');
const catalogue = async (q = '') => {
  const res = await t.app.inject({ url: `/api/v1/library/books?pageSize=100&q=${encodeURIComponent(q)}`, headers: desk });
  return res.json() as { books: Book[]; total: number };
};
const result = (over: Partial<{ created: number; updated: number; skipped: number; columns: string[] }>) => ({
  dryRun: false,
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  rows: [],
  columns: ['title', 'authors', 'subjects', 'publisher', 'year', 'isbn', 'tags', 'copies'],
  ...over,
});

describe('book import: formats', () => {
  it('imports a CSV, then a re-import adds nothing (skipped = n)', async () => {
    const w = tag();
    const csv = [
      'title,authors,subjects,publisher,year,isbn,tags,copies',
      `Computer Networks ${w},Andrew S. Tanenbaum;David Wetherall,Computer Science|Networking,Pearson,2010,,core;gate,4`,
      `"Fluid Mechanics, Vol. 1 ${w}",R. K. Bansal,Mechanical Engineering,Laxmi,2005,,,2`,
      `Untitled Notes ${w},,,,,,,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(result({ created: 3 }));
    expect(importResultSchema.parse(res.json())).toBeTruthy();
    expect((await catalogue(`tanenbaum ${w}`)).books[0]).toMatchObject({
      title: `Computer Networks ${w}`,
      authors: ['Andrew S. Tanenbaum', 'David Wetherall'],
      subjects: ['Computer Science', 'Networking'],
      publisher: 'Pearson',
      year: 2010,
      tags: ['core', 'gate'],
      copiesTotal: 4,
      copiesAvailable: 4,
    });
    expect((await catalogue(`untitled ${w}`)).books[0]).toMatchObject({ copiesTotal: 1, authors: [] });
    const before = await books();
    expect((await upload(csv)).json()).toEqual(result({ skipped: 3 }));
    expect(await books()).toBe(before);
  });

  it("reads ';' and tab separated CSVs, and one with a BOM, CRLF and headers in other words ('Copies Total')", async () => {
    const semi = await upload(fixture('books-semicolon.csv'), { dryRun: true });
    expect(semi.json()).toMatchObject({ dryRun: true, errors: [] });
    expect(semi.json().created + semi.json().skipped).toBe(5);
    expect(semi.json().rows[0]).toMatchObject({ row: 2, values: { authors: 'Erach Bharucha', isbn: '9788150742230' } });
    const tab = await upload(fixture('books-tab.csv'), { dryRun: true });
    expect(tab.json().created + tab.json().skipped).toBe(4);
    const bom = await upload(fixture('books-bom-crlf.csv'), { dryRun: true });
    expect(bom.json()).toMatchObject({ columns: ['title', 'authors', 'copies', 'isbn'], errors: [] });
    expect(bom.json().rows[1].values).toEqual({ title: 'Microprocessor Architecture, Programming and Applications with the 8085 (5th Edition)', authors: 'Ramesh S. Gaonkar', copies: '10', isbn: '978-81-3291-065-7' });
  });

  it('imports an .xls made by LibreOffice (numbers shown in full) whatever the file is called', async () => {
    const xls = fixture('books-small.xls');
    const first = await upload(xls, { filename: 'catalogue.csv' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created + first.json().skipped).toBe(12);
    const [book] = (await catalogue('9788150742230')).books;
    expect(book).toMatchObject({ title: 'Environmental Studies (Revised Edition) Vol. 1', isbn: '9788150742230', year: 1998, copiesTotal: 10 });
    expect((await upload(xls)).json()).toEqual(result({ skipped: 12 }));
  });

  it('previews the 5,000-row .xlsx without writing, imports it whole, and skips all 5,000 the second time', async () => {
    const xlsx = fixture('books-5000.xlsx');
    const before = await books();
    const preview = await upload(xlsx, { dryRun: true, filename: 'books.xlsx' });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = importResultSchema.parse(preview.json());
    expect(p).toMatchObject({ dryRun: true, errors: [] });
    expect(p.created + p.skipped).toBe(5000);
    expect(p.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(p.rows.map((r) => r.row)).toEqual(Array.from({ length: IMPORT_PREVIEW_ROWS }, (_, i) => i + 2));
    expect(p.rows[0]).toMatchObject({ values: { title: 'Power System Engineering (43rd Edition) Vol. 1', isbn: '9788105650979', year: '2016' } });
    expect(await books()).toBe(before);

    const real = await upload(xlsx, { filename: 'books.xlsx' });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual(result({ created: p.created, skipped: p.skipped }));
    expect(await books()).toBe(before + p.created);
    expect((await upload(xlsx, { dryRun: true })).json()).toMatchObject({ created: 0, skipped: 5000 });
    expect((await upload(xlsx)).json()).toEqual(result({ skipped: 5000 }));
    expect(await books()).toBe(before + p.created);
  }, 120_000); // four passes over 5,000 rows on a shared 2-core machine
});

describe('book import: bad rows and columns', () => {
  it('reports the bad rows of the 5,000-row .xlsx by spreadsheet number, writes nothing, and refuses the real import (422)', async () => {
    const bad = fixture('books-5000-bad.xlsx');
    const before = await books();
    const preview = await upload(bad, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const errors = [
      { row: 1, field: 'Binding', message: importText.unknownColumn('Binding') },
      { row: 120, field: 'isbn', message: MSG.isbnChecksum },
      { row: 2400, field: 'copies', message: 'Copies cannot be negative' },
      { row: 3777, field: 'title', message: MSG.bookTitleRequired },
    ];
    expect(preview.json().errors).toEqual(errors);
    expect(preview.json().rows.every((r: { action: string }) => r.action === 'error')).toBe(true); // an unknown column blocks every row
    expect(await books()).toBe(before);
    const real = await upload(bad);
    expect(real.statusCode).toBe(422);
    expect(importErrorSchema.parse(real.json())).toEqual({ message: MSG.importInvalid, code: 'IMPORT_INVALID', errors });
    expect(await books()).toBe(before);
  }, 60_000);

  it('is all-or-nothing: one bad row among good ones writes nothing; rows keep their numbers across blank rows', async () => {
    const w = tag();
    const before = await books();
    const csv = [
      'title,authors,year,isbn,copies',
      `Good Book One ${w},A. Writer,2001,,1`,
      '',
      `,No Title,2001,,1`,
      `Bad Isbn ${w},B. Writer,2001,978-0-13-212695-4,1`,
      `Bad Copies ${w},C. Writer,2001,,many`,
      `Bad Year ${w},D. Writer,3001,,1`,
      `Good Book Two ${w},E. Writer,2002,,1`,
    ].join('\r\n');
    const errors = [
      { row: 4, field: 'title', message: MSG.bookTitleRequired },
      { row: 5, field: 'isbn', message: MSG.isbnChecksum },
      { row: 6, field: 'copies', message: MSG.importWholeNumber },
      { row: 7, field: 'year', message: 'Year is too far in the future' },
    ];
    const preview = await upload(csv, { dryRun: true });
    expect(preview.json()).toMatchObject({ created: 2, errors });
    expect(preview.json().rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'create'],
    ]);
    const res = await upload(csv);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.importInvalid, code: 'IMPORT_INVALID', errors });
    expect(await books()).toBe(before);
    expect((await catalogue(w)).total).toBe(0);
  });

  it('skips books already in the catalogue; the same book twice in the file is an error on the later row', async () => {
    const w = tag();
    expect((await upload(`title,authors\nFluid Mechanics ${w},R. K. Bansal\n`)).json()).toMatchObject({ created: 1 });
    const again = [`title,authors`, `FLUID MECHANICS ${w},r. k. bansal`, `Brand New ${w},New Author`].join('\n');
    expect((await upload(again)).json()).toEqual(result({ created: 1, skipped: 1, columns: ['title', 'authors'] }));
    const twice = [`title,authors`, `Twice ${w},A. Writer`, `Other ${w},B`, `twice ${w},a. writer`].join('\n');
    const res = await upload(twice);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 4, field: null, message: importText.repeatedRow(2) }]);
  });

  it('an unknown or misspelled column blocks the import and names the one meant (copiesTotl is not silently ignored)', async () => {
    const w = tag();
    const before = await books();
    const csv = `title,copiesTotl\nMisspelt ${w},5\n`;
    const preview = await upload(csv, { dryRun: true });
    expect(preview.json()).toMatchObject({ created: 0, columns: ['title'], errors: [{ row: 1, field: 'copiesTotl', message: 'Unknown column "copiesTotl": did you mean "copies"?' }] });
    expect(preview.json().rows).toEqual([{ row: 2, action: 'error', values: { title: `Misspelt ${w}` } }]);
    expect((await upload(csv)).statusCode).toBe(422);
    expect(await books()).toBe(before);
    // The alias is accepted: copiesTotal = copies.
    expect((await upload(`title,copiesTotal\nAliased ${w},5\n`)).json()).toMatchObject({ created: 1 });
    expect((await catalogue(`aliased ${w}`)).books[0]).toMatchObject({ copiesTotal: 5 });
  });

  it('a missing title column, duplicate columns, an empty file, broken quoting', async () => {
    expect((await upload('name,copies\nX,1\n')).json().errors).toEqual([
      { row: 1, field: 'name', message: importText.unknownColumn('name') },
      { row: 1, field: 'title', message: importText.missingColumn('title') },
      { row: 2, field: 'title', message: MSG.bookTitleRequired },
    ]);
    expect((await upload('title,Title\nX,Y\n')).json().errors).toEqual([{ row: 1, field: 'Title', message: importText.duplicateColumn('Title', 'title') }]);
    expect((await upload('title,copies\n')).json().errors).toEqual([{ row: 2, field: null, message: MSG.importEmpty }]);
    const empty = await upload('');
    expect(empty.statusCode).toBe(422);
    const broken = await upload('title,copies\n"Unclosed,1\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('IMPORT_UNREADABLE');
  });

  it('a sheet named __proto__ with headers __proto__ and constructor pollutes nothing', async () => {
    const res = await upload(fixture('__proto__.xlsx'), { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['__proto__', 'constructor']);
    expect(res.json().rows[0].values).toEqual({ title: 'Polluted Title' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('book import: limits', () => {
  it('refuses more rows than CRS_IMPORT_MAX_ROWS with 413, before checking any', async () => {
    const small = await createTestApp({ CRS_IMPORT_MAX_ROWS: '10' });
    try {
      const auth = (await loginAs(small, ['Librarian'])).auth;
      const rows = (n: number) => ['title', ...Array.from({ length: n }, (_, i) => `Capped ${i}`)].join('\n');
      expect((await upload(rows(10), { app: small, auth, dryRun: true })).json()).toMatchObject({ created: 10 });
      const over = await upload(rows(11), { app: small, auth, dryRun: true });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: importText.tooManyRows(10), code: 'TOO_MANY_ROWS' });
      expect((await upload(fixture('books-5000.xlsx'), { app: small, auth })).statusCode).toBe(413);
      expect(await countRows(small.ctx, 'books')).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('a CSV over 2 MiB is refused whole, every time, over real HTTP: the 2.6 MiB file five times → 413 ×5, nothing written', async () => {
    const w = tag();
    const row = (i: number) => `A Very Long Title For Padding The File Beyond The Limit ${w} ${i},Some Author,,,,,,1\n`;
    const rows = Math.ceil((2.6 * 1024 * 1024) / row(0).length);
    const csv = 'title,authors,subjects,publisher,year,isbn,tags,copies\n' + Array.from({ length: rows }, (_, i) => row(i)).join('');
    const mib = Buffer.byteLength(csv) / 1024 / 1024;
    expect(mib > 2.5 && mib < 2.8, `${mib} MiB`).toBe(true);
    const before = await books();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'big.csv');
      const res = await fetch(`${address}/api/v1/library/books/import`, { method: 'POST', headers: desk, body: form });
      statuses.push(res.status);
      expect(await res.json()).toEqual({ message: MSG.importTooLarge, code: 'FILE_TOO_LARGE' });
    }
    expect(statuses).toEqual([413, 413, 413, 413, 413]);
    expect(await books()).toBe(before);
  });

  it('a CSV between 2 and 5 MiB is 413; a spreadsheet over 5 MiB is 413', async () => {
    const csv = 'title\n' + 'x'.repeat(80).concat('\n').repeat(30_000);
    expect((await upload(csv)).statusCode).toBe(413);
    const bigXlsx = Buffer.concat([fixture('books-5000.xlsx'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(bigXlsx, { filename: 'big.xlsx' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
  });

  it('decides the type by content: PNG bytes, Latin-1 text → 415; an .xlsx named .csv is read as .xlsx', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await upload(png, { filename: 'books.csv' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ message: MSG.importFileType, code: 'UNSUPPORTED_FILE_TYPE' });
    expect((await upload(Buffer.from('title\nCaf\xe9 Society\n', 'latin1'))).statusCode).toBe(415);
    const named = await upload(fixture('books-5000.xlsx'), { filename: 'books.csv', dryRun: true });
    expect(named.statusCode).toBe(200);
    expect(named.json().rows).toHaveLength(IMPORT_PREVIEW_ROWS);
  });

  it('refuses a zip bomb before parsing it (415), writing nothing', async () => {
    const before = await books();
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await upload(bomb, { filename: 'books.xlsx' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.importSpreadsheetRefused, code: 'SPREADSHEET_REFUSED' });
    expect(await books()).toBe(before);
  });

  it('concurrent imports of one file add it once: the others skip it all, or are refused (409) while it is written', async () => {
    const w = tag();
    const csv = ['title,authors', ...Array.from({ length: 300 }, (_, i) => `Concurrent ${w} ${i},Author ${i}`)].join('\n');
    const before = await books();
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(csv)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok.length + refused.length, answers.map((a) => a.body).join('\n')).toBe(4);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.json()).toEqual({ message: MSG.importInProgress, code: 'IMPORT_IN_PROGRESS' });
    expect(ok.reduce((n, a) => n + a.json().created, 0)).toBe(300);
    expect(ok.reduce((n, a) => n + a.json().skipped, 0)).toBe(300 * (ok.length - 1));
    expect(await books()).toBe(before + 300);
    expect((await catalogue(w)).total).toBe(300);
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
    expect(noFile.json()).toEqual({ message: MSG.importNoFile, code: 'FILE_REQUIRED' });
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/library/books/import',
      headers: { ...desk, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntitle',
    });
    expect(garbled.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/library/books/import', headers: desk, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/library/books/import?dryRun=maybe', headers: desk, payload: { title: 'x' } })).statusCode).toBe(400);
    for (const role of ['Student', 'Teacher', 'Staff'] as const) {
      expect((await upload('title\nX\n', { auth: (await loginAs(t, [role])).auth })).statusCode).toBe(403);
    }
  });
});
