// @ts-check
// The import files' cells, in plain JavaScript: the import worker (read-off-thread.ts) loads this
// file without a TypeScript loader, which made every worker start cost 0.5 s or more (tsx in a
// worker registers its hooks on a thread of their own and transpiles each module). Types:
// sheet.d.mts. Errors are this file's own classes; table.ts and the worker turn them into answers.
import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';

/** Zip-bomb limits for a spreadsheet (quality.md): entries, bytes once inflated, inflated/packed ratio. */
export const ZIP_MAX_ENTRIES = 1000;
export const ZIP_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
export const ZIP_MAX_RATIO = 100;

/** The most characters a spreadsheet cell holds (Excel's own limit); a longer cell is read cut to one more. */
export const CELL_MAX_CHARS = 32_767;
/**
 * The longest run of bytes without '<' an .xlsx part may hold: a cell's text between its tags, at
 * CELL_MAX_CHARS characters with every one written as an XML escape (`&quot;`, `&#x1F600;` for two).
 * No spreadsheet program writes more; a part that does is refused before any parsing.
 */
export const XML_TEXT_RUN_MAX = CELL_MAX_CHARS * 8;

/** A CSV whose quoting is broken; `line` is where the parser gave up. */
export class CsvError extends Error {
  /** @param {number} line */
  constructor(line) {
    super(`CSV quoting error at line ${line}`);
    this.line = line;
  }
}

/** A spreadsheet the parser could not read. */
export class SheetUnreadable extends Error {}

/**
 * Why an .xlsx is refused before parsing, or null: 'bomb' when it would unpack into too much (reads
 * the zip's central directory itself, then inflates every entry with a hard output cap, so sizes a
 * bomb lies about in its headers count for nothing; anything that is not a plain zip of stored or
 * deflated entries is refused too); 'cell' when an XML part holds a text longer than any cell can
 * (issue 25: one 45 MiB cell in a 0.9 MiB file was parsed, copied and echoed whole).
 * @param {Buffer} buf
 * @returns {'bomb' | 'cell' | null}
 */
export function zipRefused(buf) {
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the very end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'bomb';
  const entries = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff mean a Zip64 archive: no 5 MiB spreadsheet needs one.
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > ZIP_MAX_ENTRIES) return 'bomb';

  let inflated = 0;
  let tooLongText = false;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return 'bomb';
    const method = buf.readUInt16LE(at + 10);
    const packed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return 'bomb';
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + packed > buf.length) return 'bomb';
    const data = buf.subarray(dataStart, dataStart + packed);
    const xml = buf.toString('latin1', at + 46, at + 46 + nameLength).endsWith('.xml');
    /** @type {Buffer} */
    let content;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: ZIP_MAX_INFLATED_BYTES - inflated + 1 });
      } catch {
        return 'bomb'; // over the cap (RangeError) or not a deflate stream
      }
    } else return 'bomb';
    inflated += content.length;
    if (inflated > ZIP_MAX_INFLATED_BYTES) return 'bomb';
    // The bomb limits come first: a file refused for both is refused as a bomb.
    if (xml && !tooLongText) tooLongText = longestTextRun(content) > XML_TEXT_RUN_MAX;
    at = next;
  }
  if (inflated > ZIP_MAX_RATIO * buf.length) return 'bomb';
  return tooLongText ? 'cell' : null;
}

/**
 * The longest run of bytes without '<' (the text between two tags) in an XML part; memchr-fast.
 * @param {Buffer} xml
 */
function longestTextRun(xml) {
  let longest = 0;
  for (let from = 0; from < xml.length; ) {
    const lt = xml.indexOf(0x3c, from);
    const end = lt < 0 ? xml.length : lt;
    if (end - from > longest) longest = end - from;
    from = end + 1;
  }
  return longest;
}

/**
 * The field separator a spreadsheet program used, read off the header row: ',' by default, ';'
 * (Excel and LibreOffice in locales with a decimal comma) or a tab. Quoted text is ignored.
 * @param {string} text
 * @returns {',' | ';' | '\t'}
 */
export function detectDelimiter(text) {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  /** @type {Array<[',' | ';' | '\t', number]>} */
  const counts = [',', ';', '\t'].map((d) => [/** @type {',' | ';' | '\t'} */ (d), header.split(d).length - 1]);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * A CSV's rows (CRLF or LF, ',' ';' or tab), at most maxRows + 2 of them. Throws CsvError.
 * @param {string} text
 * @param {number} maxRows
 * @returns {string[][]}
 */
export function csvRows(text, maxRows) {
  try {
    /** @type {string[][]} */
    const rows = parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: false, to: maxRows + 2 });
    for (const row of rows) for (let c = 0; c < row.length; c++) row[c] = capCell(/** @type {string} */ (row[c]));
    return rows;
  } catch (err) {
    throw new CsvError(/** @type {{ lines?: number }} */ (err).lines ?? 1);
  }
}

/**
 * The first sheet of an .xlsx or .xls as the spreadsheet shows it: every cell as its displayed
 * text (dates and numbers formatted, never re-interpreted), from A1 whatever the sheet's used range
 * says, so row numbers are the spreadsheet's. Parsing stops after maxRows + 1 data rows. Throws
 * SheetUnreadable. (Check an .xlsx with zipRefused first.)
 * @param {Buffer} buf
 * @param {number} maxRows
 * @returns {string[][]}
 */
export function spreadsheetRows(buf, maxRows) {
  /** @type {XLSX.WorkSheet | undefined} */
  let sheet;
  try {
    // Dense: rows as arrays (`!data`), not one object keyed "A1".."P10001" — a 10k-row sheet read in
    // about half the time and memory (decision 0021).
    const book = XLSX.read(buf, { type: 'buffer', sheets: 0, sheetRows: maxRows + 2, cellNF: true, cellHTML: false, cellFormula: false, bookVBA: false, dense: true });
    const first = book.SheetNames[0];
    sheet = first === undefined ? undefined : book.Sheets[first];
  } catch {
    throw new SheetUnreadable();
  }
  if (!sheet || !sheet['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data = /** @type {Array<Array<XLSX.CellObject | undefined> | undefined>} */ (sheet['!data'] ?? []);
  /** @type {string[][]} */
  const rows = [];
  for (let r = 0; r <= range.e.r; r++) {
    const row = data[r];
    /** @type {string[]} */
    const cells = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(cellText(row?.[c]));
    rows.push(cells);
  }
  return rows;
}

/**
 * A cell as the spreadsheet shows it. One exception: a whole number in the General format (an ISBN,
 * a roll number typed as digits) is written out in full, as a wide column shows it, not as the
 * '9.78811E+12' a narrow column would.
 * @param {XLSX.CellObject | undefined} cell
 */
function cellText(cell) {
  if (!cell) return '';
  const general = cell.z === undefined || cell.z === 'General';
  if (cell.t === 'n' && general && typeof cell.v === 'number' && Number.isSafeInteger(cell.v)) return String(cell.v);
  return capCell(cell.w ?? (cell.v == null ? '' : String(cell.v)));
}

/**
 * A cell cut to one character more than any spreadsheet cell holds: still too long for every
 * column (the pipeline says so), but never megabytes copied to the server's thread and checked.
 * @param {string} text
 */
export const capCell = (text) => (text.length > CELL_MAX_CHARS ? text.slice(0, CELL_MAX_CHARS + 1) : text);
