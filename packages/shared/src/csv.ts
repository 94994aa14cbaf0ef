/**
 * CSV writing for every download and export (import error files, templates, later reports).
 * Cells that a spreadsheet would run as a formula are neutralised (OWASP "CSV injection",
 * ASVS 1.2.10): a cell starting with = + - @ (or tab / carriage return) gets a leading `'`.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made inert with a leading `'` (CSV and .xlsx exports). */
export const neutralizeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One cell as CSV text: neutralised, then quoted when it holds a quote, comma, semicolon or line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are data, not formulas: -3 stays -3.
  if (typeof value === 'string') text = neutralizeFormula(text);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends (RFC 4180); `bom` adds the UTF-8 mark Excel needs to read non-ASCII text. */
export function toCsv(rows: readonly (readonly CsvCell[])[], { bom = true }: { bom?: boolean } = {}): string {
  return (bom ? '\uFEFF' : '') + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
