import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeUtf8 } from './file.ts';
import type { FileKind } from './file.ts';
import { csvQuotingError, readTable, unreadableSpreadsheet } from './table.ts';
import type { Table } from './table.ts';
import { cellRefusal, zipRefusal } from './zip-guard.ts';

/** Below this size a CSV is read in place: a worker's start-up would cost more than the parse. */
const IN_PLACE_CSV_BYTES = 256 * 1024;
/** A spreadsheet the worker cannot read within this memory is refused, not the server's heap. */
const WORKER_HEAP_MB = 512;

/**
 * Import files read at once, process-wide; more wait their turn. Each reader may hold a spreadsheet
 * inflated to 50 MiB and takes a core: six at once on two cores took 400 MiB and starved the server's
 * own thread (/health p99 386 ms; issue 25). One core is left to the server.
 */
export const IMPORT_READERS = Math.max(1, Math.min(2, availableParallelism() - 1));
let reading = 0;
const waiting: Array<() => void> = [];

/** Runs `read` when a reader's place is free (first come, first served). */
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  if (reading >= IMPORT_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else reading++;
  try {
    return await read();
  } finally {
    // The place passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

/** The worker's entry: plain JavaScript, so it starts in ~70 ms instead of 0.5–0.8 s with tsx's loader (decision 0016). */
const WORKER_ENTRY = new URL('./table-worker.mjs', import.meta.url);

type Answer =
  | { ok: true; rows: Table }
  | { ok: false; refused: 'zip' | 'cell' | 'unreadable' }
  | { ok: false; refused: 'csv'; line: number }
  | { ok: false; refused?: undefined; message: string };

/**
 * readTable, off the event loop: spreadsheets and large CSVs are parsed in a worker thread (with a
 * memory cap), at most IMPORT_READERS at a time, so other requests keep being answered meanwhile. Same result and same refusals
 * (AppError) as readTable; a CSV's text is decoded here first (its refusal is immediate).
 */
export async function readTableOffThread(bytes: Buffer, kind: FileKind, maxRows: number): Promise<Table> {
  if (kind === 'csv' && bytes.length <= IN_PLACE_CSV_BYTES) return readTable(bytes, kind, maxRows);
  const input = kind === 'csv' ? decodeUtf8(bytes) : bytes;
  const answer = await inTurn(() => {
    // No inherited flags: the server's `--import tsx` would load tsx's loader in the worker too.
    const worker = new Worker(WORKER_ENTRY, { execArgv: [], workerData: { input, kind, maxRows }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    return new Promise<Answer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`import worker exited with ${code}`)));
    }).finally(() => worker.terminate());
  });
  if (answer.ok) return answer.rows;
  switch (answer.refused) {
    case 'zip':
      throw zipRefusal();
    case 'cell':
      throw cellRefusal();
    case 'unreadable':
      throw unreadableSpreadsheet();
    case 'csv':
      throw csvQuotingError(answer.line);
    default:
      throw new Error(answer.message || 'import worker failed');
  }
}
