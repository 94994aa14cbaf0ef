// The import worker answers exactly as readTable in place: the same rows, the same refusals.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeZip } from '../../../test/zip.ts';
import { readTableOffThread } from './read-off-thread.ts';
import { readTable } from './table.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/import', name));
const refusal = async (read: () => Promise<unknown>) => {
  try {
    await read();
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message };
  }
  return undefined;
};

describe('readTableOffThread', () => {
  it('reads an .xlsx and an .xls of a spreadsheet program as readTable does', async () => {
    for (const [name, kind] of [['books-5000.xlsx', 'xlsx'], ['books-small.xls', 'xls']] as const) {
      const rows = await readTableOffThread(fixture(name), kind, 10_000);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows).toEqual(readTable(fixture(name), kind, 10_000));
    }
  });

  it('reads a CSV too large to read in place in the worker, with the same quoting error', async () => {
    const lines = ['title,author', ...Array.from({ length: 12_000 }, (_, i) => `"Engineering Mechanics, part ${i}",S. Timoshenko`)];
    const good = Buffer.from(lines.join('\n'));
    expect(good.length).toBeGreaterThan(256 * 1024);
    const rows = await readTableOffThread(good, 'csv', 20_000);
    expect(rows).toHaveLength(12_001);
    expect(rows[12_000]).toEqual(['Engineering Mechanics, part 11999', 'S. Timoshenko']);
    const broken = Buffer.from([...lines.slice(0, 9_000), '"unclosed,quote', ...lines.slice(9_000)].join('\n'));
    const inPlace = await refusal(async () => readTable(broken, 'csv', 20_000));
    expect(inPlace?.status).toBe(400);
    expect(await refusal(() => readTableOffThread(broken, 'csv', 20_000))).toEqual(inPlace);
  });

  it('refuses a zip bomb (415) and an unreadable spreadsheet (400) with readTable’s messages', async () => {
    const bomb = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1024 }]);
    expect(await refusal(() => readTableOffThread(bomb, 'xlsx', 100))).toEqual({ status: 415, message: MSG.importSpreadsheetRefused });
    const junk = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 7)]);
    const inPlace = await refusal(async () => readTable(junk, 'xls', 100));
    expect(inPlace).toEqual({ status: 400, message: MSG.importUnreadable });
    expect(await refusal(() => readTableOffThread(junk, 'xls', 100))).toEqual(inPlace);
  });
});
