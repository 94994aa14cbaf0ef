// What an import answers for oversized cells (issue 25, item 13): a black-box probe sent a 0.9 MiB
// .xlsx holding one 45 MiB cell and got a 90 MiB preview while /health stalled. Now a cell longer
// than a spreadsheet cell is refused before parsing, a cell over its column's limit is a row error
// naming the column, and a preview quotes at most ~200 characters of a cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { IMPORT_QUOTE_MAX_CHARS, importText } from '@crs/shared/schemas/import';
import type { ImportResult } from '@crs/shared/schemas/import';
import { CELL_MAX_CHARS } from '../src/lib/import/sheet.mjs';
import { compressibleText, xlsxWithBigCell } from './big-cell.ts';
import { createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';
import { multipart } from './util.ts';

let t: TestApp;
let desk: { authorization: string };
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
  admin = (await loginAs(t, ['Admin'])).auth;
});
afterAll(() => t.close());

const dryRun = (url: string, auth: { authorization: string }, content: Buffer | string, filename: string) => {
  const { payload, headers } = multipart(content, filename);
  return t.app.inject({ method: 'POST', url: `/api/v1${url}?dryRun=true`, headers: { ...auth, ...headers }, payload });
};
const MiB = 1024 * 1024;

describe('import cells', () => {
  it('refuses a spreadsheet with a cell longer than a spreadsheet cell, before parsing, with a small answer', async () => {
    // Deflates ~40 times: under every zip-bomb limit, as the probe's file was.
    const file = xlsxWithBigCell(['title', 'authors'], 'title', compressibleText(4 * MiB, 40), { authors: 'Someone' });
    expect(file.length).toBeLessThan(MiB);
    const res = await dryRun('/library/books/import', desk, file, 'books.xlsx');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: importText.cellOverSpreadsheetLimit(CELL_MAX_CHARS), code: 'CELL_TOO_LONG' });
    expect(res.body.length).toBeLessThan(1024);
  });

  it('makes a 10,000-character cell a row error naming its column, and quotes at most ~200 characters of it (CSV and .xlsx)', async () => {
    const long = 'T'.repeat(10_000);
    const csv = `title,authors\n${long},Someone\nA Short Title,Someone Else\n`;
    const xlsx = xlsxWithBigCell(['title', 'authors'], 'title', long, { authors: 'Someone' });
    for (const [file, name] of [
      [csv, 'books.csv'],
      [xlsx, 'books.xlsx'],
    ] as const) {
      const res = await dryRun('/library/books/import', desk, file, name);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.body.length).toBeLessThan(MiB);
      const body = res.json() as ImportResult;
      expect(body.errors, name).toContainEqual({ row: 2, field: 'title', message: 'Title is too long' });
      const quoted = body.rows[0]!.values.title!;
      expect(quoted.length).toBeLessThanOrEqual(IMPORT_QUOTE_MAX_CHARS);
      expect(quoted.endsWith('…')).toBe(true);
    }
  });

  it('does the same on another module: a department name of 10,000 characters', async () => {
    const res = await dryRun('/academics/departments/import', admin, `code,name\nLONG,${'N'.repeat(10_000)}\n`, 'departments.csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json() as ImportResult;
    expect(body.errors).toEqual([{ row: 2, field: 'name', message: MSG.academicNameTooLong }]);
    expect(body.rows[0]!.values.name!.length).toBeLessThanOrEqual(IMPORT_QUOTE_MAX_CHARS);
  });
});
