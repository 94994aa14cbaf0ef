// The embedded database's size (SuperAdmin's 'DB size' card): on disk it is what the data
// directory holds, so it grows as rows are written and matches a walk of the files.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'crs-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesBytes = (d: string): number =>
  readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? filesBytes(path.join(d, e.name)) : e.isFile() ? statSync(path.join(d, e.name)).size : 0), 0);

describe('sizeBytes on PGlite', () => {
  it('is the data directory’s size on disk', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const before = await database.sizeBytes();
      expect(before).toBe(filesBytes(dir));
      await database.pglite!.exec(`create table filler (t text); insert into filler select repeat('x', 1000) from generate_series(1, 5000); checkpoint;`);
      const after = await database.sizeBytes();
      expect(after).toBeGreaterThan(before);
      expect(after).toBe(filesBytes(dir));
    } finally {
      await database.close();
    }
  });
});
