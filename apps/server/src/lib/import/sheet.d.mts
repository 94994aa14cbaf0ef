// Types of sheet.mjs (plain JavaScript so the import worker loads it without a TypeScript loader).
export declare const ZIP_MAX_ENTRIES: number;
export declare const ZIP_MAX_INFLATED_BYTES: number;
export declare const ZIP_MAX_RATIO: number;
export declare class CsvError extends Error {
  line: number;
  constructor(line: number);
}
export declare class SheetUnreadable extends Error {}
export declare function zipRefused(buf: Buffer): boolean;
export declare function detectDelimiter(text: string): ',' | ';' | '\t';
export declare function csvRows(text: string, maxRows: number): string[][];
export declare function spreadsheetRows(buf: Buffer, maxRows: number): string[][];
