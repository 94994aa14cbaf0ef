import { parse } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';
import { checkZip } from './zip-guard.ts';
import { decodeUtf8 } from './file.ts';
import type { FileKind } from './file.ts';

/** A file's cells as text, row by row: index 0 is spreadsheet row 1 (the header). */
export type Table = string[][];

const invalidFile = (message: string) => new AppError(400, 'IMPORT_UNREADABLE', message);

/**
 * The field separator a spreadsheet program used, read off the header row: ',' by default, ';'
 * (Excel and LibreOffice in locales with a decimal comma) or a tab. Quoted text is ignored.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = ([',', ';', '\t'] as const).map((d) => [d, header.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** A CSV's rows (UTF-8, BOM dropped, CRLF or LF, ',' ';' or tab); a quoting error is a 400 naming the row. */
export function readCsv(buf: Buffer, maxRows: number): Table {
  const text = decodeUtf8(buf);
  try {
    return parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: false, to: maxRows + 2 }) as Table;
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    throw invalidFile(`${MSG.importNotCsv} (row ${line})`);
  }
}

/**
 * The first sheet of an .xlsx or .xls as the spreadsheet shows it: every cell as its displayed
 * text (dates and numbers formatted, never re-interpreted). An .xlsx passes the zip-bomb check
 * first; parsing stops after maxRows + 1 data rows so an oversized sheet costs no more than that.
 */
export function readSpreadsheet(buf: Buffer, kind: 'xlsx' | 'xls', maxRows: number): Table {
  if (kind === 'xlsx') checkZip(buf);
  let sheet: XLSX.WorkSheet | undefined;
  try {
    // Dense: rows as arrays (`!data`), not one object keyed "A1".."P10001" — a 10k-row sheet read in
    // about half the time and memory (decision 0021).
    const book = XLSX.read(buf, { type: 'buffer', sheets: 0, sheetRows: maxRows + 2, cellNF: true, cellHTML: false, cellFormula: false, bookVBA: false, dense: true });
    sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]!] : undefined;
  } catch {
    throw invalidFile(MSG.importUnreadable);
  }
  if (!sheet || !sheet['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  // From A1 whatever the sheet's used range says, so row numbers are the spreadsheet's.
  const rows: Table = [];
  for (let r = 0; r <= range.e.r; r++) {
    const row = data[r];
    const cells: string[] = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(cellText(row?.[c]));
    rows.push(cells);
  }
  return rows;
}

/**
 * A cell as the spreadsheet shows it. One exception: a whole number in the General format (an ISBN,
 * a roll number typed as digits) is written out in full, as a wide column shows it, not as the
 * '9.78811E+12' a narrow column would.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  const general = cell.z === undefined || cell.z === 'General';
  if (cell.t === 'n' && general && typeof cell.v === 'number' && Number.isSafeInteger(cell.v)) return String(cell.v);
  return cell.w ?? (cell.v == null ? '' : String(cell.v));
}

/** Any import file's rows as text, by the kind its content showed. */
export function readTable(buf: Buffer, kind: FileKind, maxRows: number): Table {
  return kind === 'csv' ? readCsv(buf, maxRows) : readSpreadsheet(buf, kind, maxRows);
}
