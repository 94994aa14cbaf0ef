// Spreadsheets with one huge cell, made in code (a black-box probe sent a 0.9 MiB .xlsx whose one
// cell held 45 MiB of text; issue 25). Shared by the import tests and the hand measurement.
import { randomInt } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { makeZip, readZip } from './zip.ts';

const PLACEHOLDER = 'BIG_CELL_PLACEHOLDER';

/**
 * Text of `chars` letters that deflates about `ratio` times (±20 %): 1 KiB blocks, each a copy of
 * the one before or, one in `ratio / 1.7`, fresh random letters (which deflate ~1.7 times).
 */
export function compressibleText(chars: number, ratio: number): string {
  const block = 1024;
  const out = Buffer.alloc(chars);
  const fresh = 1.7 / ratio;
  for (let at = 0; at < chars; at += block) {
    const end = Math.min(chars, at + block);
    if (at === 0 || Math.random() < fresh) for (let i = at; i < end; i++) out[i] = 97 + randomInt(26);
    else out.copy(out, at, at - block, end - block);
  }
  return out.toString('latin1');
}

/**
 * An .xlsx whose first sheet has `header` and one data row, with `text` as the cell under
 * `bigColumn` (other cells `filler`). Written by the spreadsheet library with a placeholder, then
 * the placeholder replaced in the XML part that holds it, since the library caps what it writes.
 */
export function xlsxWithBigCell(header: string[], bigColumn: string, text: string, filler: Record<string, string> = {}): Buffer {
  const row = header.map((h) => (h === bigColumn ? PLACEHOLDER : (filler[h] ?? '')));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, row]), 'Sheet1');
  const small = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer;
  const entries = readZip(small).map((e) => {
    const xml = e.data.toString('utf8');
    return xml.includes(PLACEHOLDER) ? { name: e.name, data: Buffer.from(xml.replace(PLACEHOLDER, text)) } : e;
  });
  return makeZip(entries);
}
