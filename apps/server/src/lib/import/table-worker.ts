// Runs readTable in a worker thread (see read-off-thread.ts): parsing a 5 MiB spreadsheet takes
// the CPU for half a second or more, which the server's event loop must not lose.
import { parentPort, workerData } from 'node:worker_threads';
import { readTable } from './table.ts';
import type { FileKind } from './file.ts';

const { bytes, kind, maxRows } = workerData as { bytes: Uint8Array; kind: FileKind; maxRows: number };
try {
  parentPort!.postMessage({ ok: true, rows: readTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind, maxRows) });
} catch (err) {
  const e = err as { statusCode?: number; code?: string; message?: string };
  parentPort!.postMessage({ ok: false, statusCode: e.statusCode, code: e.code, message: e.message });
}
