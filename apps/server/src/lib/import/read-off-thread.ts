import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { readTable } from './table.ts';
import type { Table } from './table.ts';
import type { FileKind } from './file.ts';

/** Below this size a CSV is read in place: a worker's start-up would cost more than the parse. */
const IN_PLACE_CSV_BYTES = 256 * 1024;
/** A spreadsheet the worker cannot read within this memory is refused, not the server's heap. */
const WORKER_HEAP_MB = 512;

// The server runs TypeScript through tsx, whose loader a worker does not inherit (Node 20 ignores
// `--import` for a worker's entry file): the worker registers it, then loads the .ts entry.
const TSX_API = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs')).href;
const WORKER_BOOT = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./table-worker.ts', import.meta.url).href)}); });`;

type Answer = { ok: true; rows: Table } | { ok: false; statusCode?: number; code?: string; message?: string };

/**
 * readTable, off the event loop: spreadsheets and large CSVs are parsed in a worker thread (with a
 * memory cap), so other requests keep being answered meanwhile. Same result and same refusals
 * (AppError) as readTable.
 */
export async function readTableOffThread(bytes: Buffer, kind: FileKind, maxRows: number): Promise<Table> {
  if (kind === 'csv' && bytes.length <= IN_PLACE_CSV_BYTES) return readTable(bytes, kind, maxRows);
  const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { bytes, kind, maxRows }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  const answer = await new Promise<Answer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`import worker exited with ${code}`)));
  }).finally(() => void worker.terminate());
  if (answer.ok) return answer.rows;
  if (answer.statusCode && answer.code) throw new AppError(answer.statusCode, answer.code, answer.message ?? '');
  throw new Error(answer.message ?? 'import worker failed');
}
