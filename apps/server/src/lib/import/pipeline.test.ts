import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IMPORT_ANSWER_MAX_BYTES, IMPORT_CELL_MAX_CHARS, IMPORT_MAX_ERRORS, IMPORT_PREVIEW_ROWS, IMPORT_QUOTE_MAX_CHARS, importText, quoteCell } from '@crs/shared/schemas/import';
import type { ImportColumn } from '@crs/shared/schemas/import';
import { checkWithSchema, runImport } from './pipeline.ts';
import type { ImportSpec, ImportStore } from './pipeline.ts';

// A module of its own for the pipeline alone: roll numbers with a name, keyed by roll number.
const columns: ImportColumn[] = [
  { key: 'rollNo', label: 'Roll No', required: true },
  { key: 'name', label: 'Name', required: true },
];
const schema = z.strictObject({ rollNo: z.string().regex(/^\d+$/, 'Roll number must be digits'), name: z.string().min(1, 'Name is required') });
const spec: ImportSpec<z.infer<typeof schema>> = {
  columns,
  check: (cells) => checkWithSchema(schema, { rollNo: cells.get('rollNo') ?? '', name: cells.get('name') ?? '' }),
  key: (v) => v.rollNo,
};
/** An in-memory store that records what it was asked to write. */
function memoryStore(stored: string[] = []) {
  const keys = new Set(stored);
  const writes: string[][] = [];
  const store: ImportStore<z.infer<typeof schema>> = {
    existing: async (ks) => new Set(ks.filter((k) => keys.has(k))),
    write: async (values) => {
      writes.push(values.map((v) => v.rollNo));
      values.forEach((v) => keys.add(v.rollNo));
      return { created: values.length, updated: 0 };
    },
  };
  return { store, writes };
}
const header = ['Roll No', 'Name'];

describe('runImport', () => {
  it('previews the first rows with their action and counts, writing nothing', async () => {
    const { store, writes } = memoryStore(['2']);
    const table = [header, ...Array.from({ length: 150 }, (_, i) => [String(i + 1), `Student ${i + 1}`])];
    const out = await runImport(table, spec, store, { dryRun: true, maxRows: 1000 });
    expect(out.status).toBe(200);
    if (out.status !== 200) return;
    expect(out.body).toMatchObject({ dryRun: true, created: 149, updated: 0, skipped: 1, errors: [], columns: ['rollNo', 'name'] });
    expect(out.body.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(out.body.rows.slice(0, 2)).toEqual([
      { row: 2, action: 'create', values: { rollNo: '1', name: 'Student 1' } },
      { row: 3, action: 'skip', values: { rollNo: '2', name: 'Student 2' } },
    ]);
    expect(writes).toEqual([]);
  });

  it('counts blank rows in the numbering, caps the errors, and a real import with errors writes nothing', async () => {
    const { store, writes } = memoryStore();
    const table = [header, ['1', 'A'], ['', ''], ['x', 'B'], ...Array.from({ length: IMPORT_MAX_ERRORS + 50 }, () => ['y', ''])];
    const out = await runImport(table, spec, store, { dryRun: false, maxRows: 5000 });
    expect(out.status).toBe(422);
    if (out.status !== 422) return;
    expect(out.body.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(out.body.errors[0]).toEqual({ row: 4, field: 'rollNo', message: 'Roll number must be digits' });
    expect(out.body.errors.slice(1, 3)).toEqual([
      { row: 5, field: 'rollNo', message: 'Roll number must be digits' },
      { row: 5, field: 'name', message: 'Name is required' },
    ]);
    expect(writes).toEqual([]);
  });

  it('writes only the new rows, once; a second run skips them all', async () => {
    const { store, writes } = memoryStore(['1']);
    const table = [header, ['1', 'A'], ['2', 'B'], ['3', 'C']];
    expect((await runImport(table, spec, store, { dryRun: false, maxRows: 10 })).body).toMatchObject({ created: 2, skipped: 1 });
    expect((await runImport(table, spec, store, { dryRun: false, maxRows: 10 })).body).toMatchObject({ created: 0, skipped: 3 });
    expect(writes).toEqual([['2', '3']]);
  });

  it('refuses more rows than maxRows before checking any', async () => {
    const { store } = memoryStore();
    await expect(runImport([header, ['1', 'A'], ['2', 'B']], spec, store, { dryRun: true, maxRows: 1 })).rejects.toMatchObject({ statusCode: 413, code: 'TOO_MANY_ROWS' });
  });

  it("with onStored 'update', stored keys are previewed as updates and handed to the store with the new rows", async () => {
    const { store, writes } = memoryStore(['2', '3']);
    const updating = { ...spec, onStored: 'update' as const };
    const table = [header, ['1', 'One'], ['2', 'Two'], ['3', 'Three']];
    const preview = await runImport(table, updating, store, { dryRun: true, maxRows: 1000 });
    expect(preview.body).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    if (preview.status !== 200) return;
    expect(preview.body.rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(writes).toEqual([]);
    await runImport(table, updating, store, { dryRun: false, maxRows: 1000 });
    expect(writes).toEqual([['1', '2', '3']]);
  });

  // Issue 25: a dry run echoed a 45 MiB cell whole (a 90 MiB answer).
  it('makes a cell over the column limit an error on that column, and quotes at most ~200 characters of any cell', async () => {
    const { store } = memoryStore();
    const long = 'n'.repeat(IMPORT_CELL_MAX_CHARS + 1);
    const out = await runImport([header, ['1', long], ['2', 'Fine']], spec, store, { dryRun: true, maxRows: 10 });
    expect(out.status).toBe(200);
    if (out.status !== 200) return;
    expect(out.body.errors).toEqual([{ row: 2, field: 'name', message: importText.cellTooLong(IMPORT_CELL_MAX_CHARS) }]);
    expect(out.body.rows.map((r) => r.action)).toEqual(['error', 'create']);
    expect(out.body.rows[0]!.values.name).toBe(`${'n'.repeat(IMPORT_QUOTE_MAX_CHARS - 1)}…`);
    // A column whose schema has its own smaller limit keeps its own message (no second one).
    const short = { ...spec, check: (cells: ReadonlyMap<string, string>) => checkWithSchema(schema.extend({ name: z.string().max(10, 'Name is too long') }), { rollNo: cells.get('rollNo') ?? '', name: cells.get('name') ?? '' }) };
    const own = await runImport([header, ['1', long]], short, store, { dryRun: true, maxRows: 10 });
    expect(own.body.errors).toEqual([{ row: 2, field: 'name', message: 'Name is too long' }]);
  });

  it('quotes long headers and cells inside messages short, and keeps a wide preview under the answer limit', async () => {
    const store: ImportStore<string> = { existing: async () => new Set(), write: async () => ({ created: 0, updated: 0 }) };
    const wideColumns: ImportColumn[] = Array.from({ length: 200 }, (_, i) => ({ key: `c${i}`, label: `C${i}` }));
    const wide: ImportSpec<string> = { columns: wideColumns, check: (cells) => ({ ok: false, errors: [{ field: 'c0', message: `Unknown value ${cells.get('c0')}` }] }), key: (v) => v };
    const cell = 'é'.repeat(4000);
    const table = [[...wideColumns.map((c) => c.label), 'x'.repeat(10_000)], ...Array.from({ length: IMPORT_PREVIEW_ROWS }, () => wideColumns.map(() => cell))];
    const started = Date.now();
    const out = await runImport(table, wide, store, { dryRun: true, maxRows: 1000 });
    expect(Date.now() - started).toBeLessThan(5000);
    if (out.status !== 200) throw new Error('expected a preview');
    const size = Buffer.byteLength(JSON.stringify(out.body));
    expect(size).toBeLessThan(1024 * 1024);
    expect(size).toBeLessThanOrEqual(IMPORT_ANSWER_MAX_BYTES + 1024);
    // The unknown header: named by at most ~200 characters, in field and message.
    const headerError = out.body.errors.find((e) => e.row === 1)!;
    expect(headerError.field).toBe(quoteCell('x'.repeat(10_000)));
    expect(headerError.message.length).toBeLessThanOrEqual(2 * IMPORT_QUOTE_MAX_CHARS);
    for (const e of out.body.errors) expect(e.message.length).toBeLessThanOrEqual(2 * IMPORT_QUOTE_MAX_CHARS);
    // Fewer rows than usual fit; the preview says "the first N of M rows" from the counts.
    expect(out.body.rows.length).toBeGreaterThan(0);
    expect(out.body.rows.length).toBeLessThan(IMPORT_PREVIEW_ROWS);
    for (const r of out.body.rows) for (const v of Object.values(r.values)) expect(v.length).toBeLessThanOrEqual(IMPORT_QUOTE_MAX_CHARS);
  });
});
