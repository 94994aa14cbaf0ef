import type { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { IMPORT_ANSWER_MAX_BYTES, IMPORT_CELL_MAX_CHARS, IMPORT_MAX_ERRORS, IMPORT_PREVIEW_ROWS, IMPORT_QUOTE_MAX_CHARS, importText, quoteCell } from '@crs/shared/schemas/import';
import type { ImportAction, ImportColumn, ImportErrorBody, ImportPreviewRow, ImportResult, ImportRowError } from '@crs/shared/schemas/import';
import { AppError } from '../errors.ts';
import type { FileKind } from './file.ts';
import { mapHeaders } from './headers.ts';
import { readTableOffThread } from './read-off-thread.ts';
import type { Table } from './table.ts';
import { yieldToEventLoop } from '../yield.ts';

type FieldError = { field: string | null; message: string };
/** One row checked by its module: the value to store, or what is wrong (field = column key). */
export type RowCheck<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** What a module gives the pipeline: its columns, how a row becomes its input, and its natural key. */
export interface ImportSpec<T> {
  /** The columns (shared with the web, which builds its template from them). */
  columns: readonly ImportColumn[];
  /** One row's cells by column key (absent columns are missing) → the value, checked by the module's shared schema. */
  check(cells: ReadonlyMap<string, string>): RowCheck<T>;
  /** Equal keys are the same record: re-importing it skips (or updates) it, a second one in the file is an error. */
  key(value: T): string;
  /** What a row whose key is stored does: 'skip' (default; books) or 'update' the stored record (alumni). */
  onStored?: 'skip' | 'update';
  /** Other values no two rows of the file may share (a student ID): a repeat is an error on that column naming the first row. */
  unique?: ReadonlyArray<{ field: string; of(value: T): string | null | undefined }>;
}

/** Where a module keeps its records: which keys exist, and an all-or-nothing write. */
export interface ImportStore<T> {
  /** The keys, among these, already stored (asked for a preview, and by an import that skips stored records). */
  existing(keys: string[]): Promise<Set<string>>;
  /**
   * Stores every value or none; values whose key appeared meanwhile are skipped, not duplicated.
   * With `onStored: 'update'` it gets every good row, stored keys included, and updates those.
   */
  write(values: T[]): Promise<{ created: number; updated: number }>;
}

export type ImportOutcome = { status: 200; body: ImportResult } | { status: 422; body: ImportErrorBody };

/**
 * Checks a spreadsheet's rows with a module's zod schema. Issues become `{field, message}` with the
 * column key the user sees (`fieldOf` maps schema paths such as `copiesTotal` back to `copies`);
 * one message per field, the first.
 */
export function checkWithSchema<S extends z.ZodType>(schema: S, input: unknown, fieldOf: (path: string) => string = (p) => p): RowCheck<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of r.error.issues) {
    const field = issue.path.length ? fieldOf(String(issue.path[0])) : null;
    if (seen.has(String(field))) continue;
    seen.add(String(field));
    errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
}

/** Rows checked between two turns of the event loop. */
const YIELD_EVERY = 250;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** An error as the answer quotes it: a header or cell in it cut to a few hundred characters. */
const quotedError = (e: ImportRowError): ImportRowError => ({
  row: e.row,
  field: e.field === null ? null : quoteCell(e.field),
  message: quoteCell(e.message, 2 * IMPORT_QUOTE_MAX_CHARS),
});

/**
 * The first of `items` (at most `max`) whose JSON fits in `budget.bytes`, which they use up: an
 * answer never grows past IMPORT_ANSWER_MAX_BYTES however wide or long the file's cells are.
 */
function withinBudget<T>(items: readonly T[], max: number, budget: { bytes: number }): T[] {
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === max) break;
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (size > budget.bytes) break;
    budget.bytes -= size;
    kept.push(item);
  }
  return kept;
}

/**
 * The whole pipeline after reading: header mapping, every row checked, duplicates inside the file,
 * the preview against what is stored. A dry run answers the preview and writes nothing; a real
 * import with any error answers 422 and writes nothing; else `store.write` gets every new row.
 * Guarantees: row numbers are the spreadsheet's (header = 1, blank rows counted but skipped);
 * more than `maxRows` data rows is a 413 before any row is checked; a cell over
 * IMPORT_CELL_MAX_CHARS is an error on its column; the answer quotes at most IMPORT_QUOTE_MAX_CHARS
 * of any cell or header and weighs at most IMPORT_ANSWER_MAX_BYTES.
 */
export async function runImport<T>(table: Table, spec: ImportSpec<T>, store: ImportStore<T>, opts: { dryRun: boolean; maxRows: number }): Promise<ImportOutcome> {
  if (table.length - 1 > opts.maxRows) throw new AppError(413, 'TOO_MANY_ROWS', importText.tooManyRows(opts.maxRows));
  const [header = [], ...data] = table;
  const map = mapHeaders(header, spec.columns, (i) => data.some((cells) => (cells[i] ?? '').trim() !== ''));
  const errors: ImportRowError[] = [...map.errors];
  const headerOk = map.errors.length === 0;

  type Checked = { row: number; cells: ReadonlyMap<string, string>; value?: T; key?: string; bad: boolean };
  const checked: Checked[] = [];
  const firstRowOf = new Map<string, number>();
  const firstRowWith = (spec.unique ?? []).map((u) => ({ ...u, rows: new Map<string, number>() }));
  for (let i = 0; i < data.length; i++) {
    // Checking 5,000 rows takes the CPU for 100 ms or more: let other requests in between.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
    const raw = data[i]!;
    if (isBlank(raw)) continue;
    const row = i + 2;
    const cells = new Map<string, string>();
    map.keys.forEach((key, c) => {
      if (key) cells.set(key, (raw[c] ?? '').trim());
    });
    const item: Checked = { row, cells, bad: false };
    checked.push(item);
    const r = spec.check(cells);
    // A cell longer than any column takes is an error on its column, whatever the module's check
    // said of it (a schema's own smaller limit has already answered for its column).
    const flagged = new Set(r.ok ? [] : r.errors.map((e) => e.field));
    const tooLong = [...cells].filter(([key, text]) => text.length > IMPORT_CELL_MAX_CHARS && !flagged.has(key));
    if (!r.ok || tooLong.length) {
      item.bad = true;
      for (const e of r.ok ? [] : r.errors) errors.push({ row, ...e });
      for (const [field] of tooLong) errors.push({ row, field, message: importText.cellTooLong(IMPORT_CELL_MAX_CHARS) });
      continue;
    }
    const key = spec.key(r.value);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      item.bad = true;
      errors.push({ row, field: null, message: importText.repeatedRow(first) });
      continue;
    }
    const repeats = firstRowWith.flatMap((u) => {
      const value = u.of(r.value);
      const earlier = value ? u.rows.get(value) : undefined;
      return earlier === undefined ? [] : [{ row, field: u.field, message: importText.repeatedValue(earlier) }];
    });
    if (repeats.length) {
      item.bad = true;
      errors.push(...repeats);
      continue;
    }
    for (const u of firstRowWith) {
      const value = u.of(r.value);
      if (value) u.rows.set(value, row);
    }
    firstRowOf.set(key, row);
    item.value = r.value;
    item.key = key;
  }
  if (checked.length === 0) errors.push({ row: 2, field: null, message: MSG.importEmpty });

  const good = checked.filter((c) => !c.bad);
  const updates = spec.onStored === 'update';
  // A real import that updates stored records writes every good row and the store matches them
  // itself (it must, inside its write): only a preview, or a skipping import, asks which are stored.
  const asksStored = headerOk && good.length > 0 && (opts.dryRun || !updates);
  const stored = asksStored ? await store.existing(good.map((c) => c.key!)) : new Set<string>();
  const action = (c: Checked): ImportAction => (c.bad || !headerOk ? 'error' : stored.has(c.key!) ? (updates ? 'update' : 'skip') : 'create');
  const fresh = good.filter((c) => !stored.has(c.key!));
  const toWrite = updates ? good : fresh;
  // Errors and preview quote cells cut short and fit one budget, errors first (issue 25: one 45 MiB
  // cell was echoed whole, a 90 MiB answer).
  const budget = { bytes: IMPORT_ANSWER_MAX_BYTES };
  const reported = withinBudget(errors.slice(0, IMPORT_MAX_ERRORS).map(quotedError), IMPORT_MAX_ERRORS, budget);
  const columns = map.keys.filter((k): k is string => k !== null);

  if (opts.dryRun) {
    const preview = checked.slice(0, IMPORT_PREVIEW_ROWS).map((c): ImportPreviewRow => ({ row: c.row, action: action(c), values: Object.fromEntries([...c.cells].map(([k, v]) => [k, quoteCell(v)])) }));
    const rows = withinBudget(preview, IMPORT_PREVIEW_ROWS, budget);
    return {
      status: 200,
      body: {
        dryRun: true,
        created: headerOk ? fresh.length : 0,
        updated: headerOk && updates ? good.length - fresh.length : 0,
        skipped: headerOk && !updates ? good.length - fresh.length : 0,
        errors: reported,
        rows,
        columns,
      },
    };
  }
  if (errors.length) return { status: 422, body: { message: MSG.importInvalid, code: 'IMPORT_INVALID', errors: reported } };
  const { created, updated } = toWrite.length ? await store.write(toWrite.map((c) => c.value!)) : { created: 0, updated: 0 };
  return { status: 200, body: { dryRun: false, created, updated, skipped: good.length - created - updated, errors: [], rows: [], columns } };
}

/** What an import runs on its file: the module's spec and where its records are kept. */
export type ImportPlan<T> = { spec: ImportSpec<T>; store: ImportStore<T> };

/**
 * One import of an uploaded file, start to end: the file read off the event loop (its refusals as
 * AppError), then the module's `plan` — given the table, for an import whose checks look up what
 * the cells name (people, rosters) — then `runImport`. Every import route calls this once.
 */
export async function importFile<T>(
  upload: { bytes: Buffer; kind: FileKind },
  opts: { dryRun: boolean; maxRows: number },
  plan: (table: Table) => ImportPlan<T> | Promise<ImportPlan<T>>,
): Promise<ImportOutcome> {
  const table = await readTableOffThread(upload.bytes, upload.kind, opts.maxRows);
  const { spec, store } = await plan(table);
  return runImport(table, spec, store, opts);
}
