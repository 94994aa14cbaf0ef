import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeZip } from '../../../test/zip.ts';
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
});
