// Types of sheet.mjs (plain JavaScript so the import worker loads it without a TypeScript loader).
export declare const ZIP_MAX_ENTRIES: number;
export declare const ZIP_MAX_INFLATED_BYTES: number;
export declare const ZIP_MAX_RATIO: number;
export declare class CsvError extends Error {
  line: number;
  constructor(line: number);
}
export declare class SheetUnreadable extends Error {}
export declare const CELL_MAX_CHARS: number;
export declare const XML_TEXT_RUN_MAX: number;
export declare function zipRefused(buf: Buffer): 'bomb' | 'cell' | null;
export declare function capCell(text: string): string;
export declare function detectDelimiter(text: string): ',' | ';' | '\t';
export declare function csvRows(text: string, maxRows: number): string[][];
export declare function spreadsheetRows(buf: Buffer, maxRows: number): string[][];
