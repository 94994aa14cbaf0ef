import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { importText } from '@crs/shared/schemas/import';
import { BOOK_IMPORT_COLUMNS } from '@crs/shared/schemas/library';
import { detectKind, readWithLimit } from './file.ts';
import { mapHeaders } from './headers.ts';
import { detectDelimiter, readTable } from './table.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/import', name));
const table = (buf: Buffer, maxRows = 50_000) => readTable(buf, detectKind(buf), maxRows);
const noData = () => false;

describe('reading files', () => {
  it('reads CSVs separated by ; and tabs, and with a BOM and CRLF, the same way', () => {
    expect(detectDelimiter('title;authors;"a,b"\n')).toBe(';');
    expect(detectDelimiter('title\tauthors\n')).toBe('\t');
    const semi = table(fixture('books-semicolon.csv'));
    expect(semi[0]).toEqual(['title', 'authors', 'subjects', 'publisher', 'year', 'isbn', 'tags', 'copies']);
    expect(semi[1]![1]).toBe('Erach Bharucha');
    expect(table(fixture('books-tab.csv'))[1]![0]).toBe('Engineering Physics (5th Edition)');
    const bom = table(fixture('books-bom-crlf.csv'));
    expect(bom[0]![0]).toBe('Title'); // no BOM left on the first header
    expect(bom[1]![3]).toBe('9788157892082'); // no \r left on the last cell
  });

  it('reads the first sheet of .xlsx and .xls as shown: long whole numbers in full, years as text', () => {
    const xlsx = table(fixture('books-5000.xlsx'));
    expect(xlsx).toHaveLength(5001);
    expect(xlsx[1]!.slice(4, 6)).toEqual(['2016', '9788105650979']);
    expect(xlsx[2]![5]).toBe('978-81-6423-022-8');
    const xls = table(fixture('books-small.xls'));
    expect(xls).toHaveLength(13);
    expect(xls[1]![5]).toBe('9788150742230');
  });

  it('stops reading a sheet after maxRows + 1 data rows', () => {
    expect(table(fixture('books-5000.xlsx'), 10)).toHaveLength(12);
  });

  it('a sheet named __proto__ headed __proto__ and constructor pollutes nothing', () => {
    const rows = table(fixture('__proto__.xlsx'));
    expect(rows[0]).toEqual(['title', '__proto__', 'constructor']);
    const map = mapHeaders(rows[0]!, BOOK_IMPORT_COLUMNS, noData);
    expect(map.keys).toEqual(['title', null, null]);
    expect(map.errors.map((e) => e.field)).toEqual(['__proto__', 'constructor']);
    // And a workbook built in memory with such a sheet name.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['__proto__', 'polluted'], ['polluted', 'yes']]), '__proto__');
    expect(table(Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array))[1]).toEqual(['polluted', 'yes']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('detects the kind by content, never the name', () => {
    expect(detectKind(fixture('books-5000.xlsx'))).toBe('xlsx');
    expect(detectKind(fixture('books-small.xls'))).toBe('xls');
    expect(detectKind(Buffer.from('title\nA'))).toBe('csv');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(() => detectKind(png)).toThrow(expect.objectContaining({ statusCode: 415 }));
    expect(() => detectKind(Buffer.from('title\u0000x'))).toThrow(expect.objectContaining({ statusCode: 415 }));
  });

  it('reads a stream with a hard limit and drains the rest', async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield Buffer.alloc(100, 97);
    }
    expect(await readWithLimit(chunks(), 1000)).toMatchObject({ tooLarge: false });
    expect((await readWithLimit(chunks(), 1000)).bytes).toHaveLength(1000);
    expect(await readWithLimit(chunks(), 999)).toEqual({ bytes: Buffer.alloc(0), tooLarge: true });
  });
});

describe('header mapping', () => {
  it('matches keys, labels and aliases case-, space- and underscore-insensitively', () => {
    expect(mapHeaders(['Title', ' AUTHORS ', 'Copies Total', 'i_s_b_n'], BOOK_IMPORT_COLUMNS, noData)).toEqual({ keys: ['title', 'authors', 'copies', 'isbn'], errors: [] });
  });

  it('reports unknown columns with the one probably meant, duplicates and missing required columns', () => {
    const map = mapHeaders(['titel', 'copiesTotl', 'Binding', 'copies', 'Copies', ''], BOOK_IMPORT_COLUMNS, (i) => i !== 5);
    expect(map.keys).toEqual([null, null, null, 'copies', null, null]);
    expect(map.errors).toEqual([
      { row: 1, field: 'titel', message: importText.unknownColumn('titel', 'title') },
      { row: 1, field: 'copiesTotl', message: importText.unknownColumn('copiesTotl', 'copies') },
      { row: 1, field: 'Binding', message: importText.unknownColumn('Binding') },
      { row: 1, field: 'Copies', message: importText.duplicateColumn('Copies', 'copies') },
      { row: 1, field: 'title', message: importText.missingColumn('title') },
    ]);
    expect(importText.unknownColumn('copiesTotl', 'copies')).toBe('Unknown column "copiesTotl": did you mean "copies"?');
  });

  it('a blank header over a column with values is an error; over an empty column it is ignored', () => {
    expect(mapHeaders(['title', ''], BOOK_IMPORT_COLUMNS, (i) => i === 1).errors).toEqual([{ row: 1, field: '', message: importText.blankHeader(2) }]);
    expect(mapHeaders(['title', ''], BOOK_IMPORT_COLUMNS, noData).errors).toEqual([]);
  });
});
