// @ts-check
// Reads an import file in a worker thread (see read-off-thread.ts): parsing a 5 MiB spreadsheet
// takes the CPU for half a second or more, which the server's event loop must not lose. Plain
// JavaScript, so the worker starts without a TypeScript loader. The answer names what went wrong;
// read-off-thread.ts turns it into the same AppError table.ts would throw.
import { parentPort, workerData } from 'node:worker_threads';
import { CsvError, csvRows, SheetUnreadable, spreadsheetRows, zipRefused } from './sheet.mjs';

/** @type {{ input: Uint8Array | string; kind: 'csv' | 'xlsx' | 'xls'; maxRows: number }} */
const { input, kind, maxRows } = workerData;
/** @param {unknown} answer */
const answer = (answer) => parentPort?.postMessage(answer);
try {
  if (typeof input === 'string') answer({ ok: true, rows: csvRows(input, maxRows) });
  else {
    const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    const refused = kind === 'xlsx' ? zipRefused(buf) : null;
    if (refused) answer({ ok: false, refused: refused === 'cell' ? 'cell' : 'zip' });
    else answer({ ok: true, rows: spreadsheetRows(buf, maxRows) });
  }
} catch (err) {
  if (err instanceof CsvError) answer({ ok: false, refused: 'csv', line: err.line });
  else if (err instanceof SheetUnreadable) answer({ ok: false, refused: 'unreadable' });
  else answer({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
