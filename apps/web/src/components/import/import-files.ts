import { toCsv } from '@crs/shared/csv';
import type { ImportColumn, ImportRowError } from '@crs/shared/schemas/import';

/** A CSV as a link target: a data URL needs no Blob or object URL to revoke, and the files are small (≤ 1000 errors). */
export function csvHref(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

/** The template of an import: the header row of every column's label, then one example row. */
export function templateCsv(columns: readonly ImportColumn[]): string {
  return toCsv([columns.map((c) => c.label), columns.map((c) => c.example ?? '')]);
}

/** The error file: row, column, message per bad row (cells neutralised by the shared writer). */
export function errorsCsv(errors: readonly ImportRowError[], columns: readonly ImportColumn[]): string {
  const label = (key: string | null) => (key === null ? '' : (columns.find((c) => c.key === key)?.label ?? key));
  return toCsv([['row', 'column', 'message'], ...errors.map((e) => [e.row, label(e.field), e.message])]);
}
