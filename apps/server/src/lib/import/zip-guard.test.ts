import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { importText } from '@crs/shared/schemas/import';
import { compressibleText, xlsxWithBigCell } from '../../../test/big-cell.ts';
import { makeZip } from '../../../test/zip.ts';
import { capCell, CELL_MAX_CHARS, csvRows, spreadsheetRows } from './sheet.mjs';
import { checkZip, ZIP_MAX_ENTRIES } from './zip-guard.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/import', name));
const refused = (buf: Buffer) => {
  try {
    checkZip(buf);
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, message: (err as Error).message };
  }
  return undefined;
};

describe('zip-bomb check', () => {
  it("passes a spreadsheet program's .xlsx", () => {
    expect(refused(fixture('books-5000.xlsx'))).toBeUndefined();
  });

  it('refuses an entry that inflates past 50 MiB, even when its header claims 1 KiB', () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    expect(refused(makeZip([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]))).toEqual({ status: 415, message: MSG.importSpreadsheetRefused });
    expect(refused(makeZip([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1024 }]))).toEqual({ status: 415, message: MSG.importSpreadsheetRefused });
  });

  it('refuses a ratio over 100 below the size cap', () => {
    // 10 MiB of zeros packs into ~10 KiB: ratio ~1000.
    expect(refused(makeZip([{ name: 'a.xml', data: Buffer.alloc(10 * 1024 * 1024) }]))?.status).toBe(415);
    // The same size of varied text packs ~3x: allowed.
    const text = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `<c r="A${i}"><v>${(i * 7919) % 100_003}</v></c>`).join(''));
    expect(refused(makeZip([{ name: 'a.xml', data: text }]))).toBeUndefined();
  });

  it('refuses more than 1000 entries', () => {
    const many = (n: number) => makeZip(Array.from({ length: n }, (_, i) => ({ name: `e${i}.xml`, data: Buffer.from(`<x>${i}</x>`) })));
    expect(refused(many(ZIP_MAX_ENTRIES))).toBeUndefined();
    expect(refused(many(ZIP_MAX_ENTRIES + 1))?.status).toBe(415);
  });

  it('refuses a truncated archive', () => {
    const whole = fixture('__proto__.xlsx');
    expect(refused(whole.subarray(0, whole.length - 10))?.status).toBe(415);
    expect(refused(whole)).toBeUndefined();
  });

  // Issue 25: a 0.9 MiB .xlsx with one 45 MiB cell passed the bomb limits and was parsed and echoed.
  it('refuses, before parsing, a part holding a text longer than any cell (413)', () => {
    const big = xlsxWithBigCell(['title', 'authors'], 'title', compressibleText(1024 * 1024, 40), { authors: 'A' });
    expect(refused(big)).toEqual({ status: 413, message: importText.cellOverSpreadsheetLimit(CELL_MAX_CHARS) });
    // A cell at the spreadsheet limit is read (the import then says it is too long for its column).
    const full = xlsxWithBigCell(['title', 'authors'], 'title', 'b'.repeat(CELL_MAX_CHARS), { authors: 'A' });
    expect(refused(full)).toBeUndefined();
    expect(spreadsheetRows(full, 10)[1]![0]).toHaveLength(CELL_MAX_CHARS);
  });
});

describe('cells read', () => {
  it('are cut one character past the spreadsheet limit, so a CSV cannot hand megabytes on either', () => {
    expect(capCell('x'.repeat(CELL_MAX_CHARS))).toHaveLength(CELL_MAX_CHARS);
    expect(capCell('x'.repeat(3 * CELL_MAX_CHARS))).toHaveLength(CELL_MAX_CHARS + 1);
    const rows = csvRows(`title,authors\n${'y'.repeat(100_000)},A\n`, 10);
    expect(rows[1]![0]).toHaveLength(CELL_MAX_CHARS + 1);
    expect(rows[1]![1]).toBe('A');
  });
});
