import * as XLSX from '@e965/xlsx';
import { neutralizeFormula, toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';

// The one .xlsx writer for downloads (alumni export and template, attendance register); CSV is
// `toCsv` in packages/shared/src/csv.ts.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A one-sheet .xlsx; text cells that look like formulas are made inert (OWASP CSV injection). */
export function xlsxOf(rows: CsvCell[][], sheetName: string): Buffer {
  const safe = rows.map((r) => r.map((c) => (typeof c === 'string' ? neutralizeFormula(c) : (c ?? ''))));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(safe), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A download of `rows` as CSV or a one-sheet .xlsx: its content type, file name (`base` plus the extension) and bytes. */
export function sheetDownload(format: 'csv' | 'xlsx', base: string, rows: CsvCell[][], sheetName: string): { type: string; filename: string; body: string | Buffer } {
  return format === 'csv' ? { type: CSV_TYPE, filename: `${base}.csv`, body: toCsv(rows) } : { type: XLSX_TYPE, filename: `${base}.xlsx`, body: xlsxOf(rows, sheetName) };
}
