// files:migrate (decision 0049): every file's bytes copied from the disk store to the PostgreSQL
// store, each checked by SHA-256; a run cut short by a failing store resumes where it stopped; a
// bad copy is written again; the command refuses a target it cannot reach.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer } from '../../../test/util.ts';
import { COMMANDS, UsageError } from '../../cli/commands.ts';
import { CHUNK_BYTES, PostgresStore } from '../../db/file-store.ts';
import type { FileBytes, FileStore } from '../../lib/storage.ts';
import { moveFileBytes, saveGenerated } from './files.service.ts';
import type { FileRow } from './files.service.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A store that fails its `failOn`-th write: a target lost mid-move (the network, a full disk). */
class FailingStore implements FileStore {
  readonly kind = 'postgres';
  private writes = 0;
  constructor(
    private readonly inner: FileStore,
    private readonly failOn: number,
  ) {}
  put = (bytes: FileBytes) => this.inner.put(bytes);
  async putAt(key: string, bytes: FileBytes) {
    if (++this.writes === this.failOn) throw new Error('connection to the target store lost');
    return this.inner.putAt(key, bytes);
  }
  list = () => this.inner.list();
  open = (key: string) => this.inner.open(key);
  remove = (key: string) => this.inner.remove(key);
}

let t: TestApp;
let target: PostgresStore;
const kept: Array<{ row: FileRow; bytes: Buffer }> = [];

beforeAll(async () => {
  t = await createTestApp();
  target = new PostgresStore(t.ctx.database);
  const owner = await createUser(t.ctx, { roles: ['Student'], name: 'Ananya Iyer' });
  // Five files on the disk store, two of them several 256 KiB pieces long.
  const made = [
    ['admit-card.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * CHUNK_BYTES + 77)])],
    ['photo.png', randomBytes(40_000)],
    ['fee-receipt.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * CHUNK_BYTES)])],
    ['bonafide.pdf', Buffer.from('%PDF-1.7 bonafide certificate')],
    ['id-card.png', randomBytes(5_000)],
  ] as const;
  for (const [filename, bytes] of made) {
    const row = await saveGenerated(t.ctx, { ownerId: owner.id, bytes, filename, mimeType: filename.endsWith('.pdf') ? 'application/pdf' : 'image/png' });
    kept.push({ row, bytes });
  }
});
afterAll(() => t.close());

async function targetHolds(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { row } of kept) {
    const stream = await target.open(row.storageKey);
    if (!stream) continue;
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    out.set(row.storageKey, hash.digest('hex'));
  }
  return out;
}

describe('moving the files between stores', () => {
  it('stops when the target fails, and a second run resumes, copying only what is not there verified', async () => {
    const total = kept.length;
    const lines: string[] = [];
    await expect(moveFileBytes(t.ctx, new FailingStore(target, 3), (l) => lines.push(l))).rejects.toThrow(/target store lost/);
    const afterCut = await targetHolds();
    expect(afterCut.size).toBe(2);

    // One copy made before the cut is damaged in the target: it must be written again, not skipped.
    const [damagedKey] = [...afterCut.keys()];
    await target.putAt(damagedKey!, Buffer.from('not the bytes of this file'));

    const move = await moveFileBytes(t.ctx, target, (l) => lines.push(l));
    expect(move).toEqual({ total, copied: total - 1, alreadyThere: 1, bytesCopied: expect.any(Number), missing: [], mismatched: [] });
    const holds = await targetHolds();
    for (const { row, bytes } of kept) {
      expect(holds.get(row.storageKey)).toBe(sha(bytes));
      expect(row.sha256).toBe(sha(bytes));
    }
    expect(lines.at(-1)).toBe(`${total}/${total} files: ${total - 1} copied (${(move.bytesCopied / 1048576).toFixed(1)} MiB), 1 already there`);

    // A third run finds everything there.
    expect(await moveFileBytes(t.ctx, target, () => undefined)).toMatchObject({ copied: 0, alreadyThere: total });
  });

  it('serves every file from the new store once the server uses it', async () => {
    const disk = t.ctx.store;
    t.ctx.store = target;
    try {
      const admin = await createUser(t.ctx, { roles: ['Admin'] });
      const { token } = await login(t.app, admin.email, admin.password);
      for (const { row, bytes } of kept) {
        const res = await t.app.inject({ url: `/api/v1/files/${row.id}`, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        expect(sha(res.rawPayload)).toBe(sha(bytes));
      }
      // And back again: files:migrate --to disk finds every file already on the disk, verified.
      const answer = await COMMANDS['files:migrate']!.run(t.ctx, ['--to', 'disk']);
      expect(answer).toContain(`${kept.length} files: 0 copied and verified (0.0 MiB), ${kept.length} already there and verified.`);
      expect(answer).toContain('set CRS_FILE_STORE=disk');
    } finally {
      t.ctx.store = disk;
    }
  });

  it('lists a file whose bytes are missing from the source and goes on', async () => {
    const owner = await createUser(t.ctx, { roles: ['Student'] });
    const lost = await saveGenerated(t.ctx, { ownerId: owner.id, bytes: Buffer.from('%PDF-1.7 lost'), filename: 'lost.pdf', mimeType: 'application/pdf' });
    await t.ctx.store.remove(lost.storageKey);
    const move = await moveFileBytes(t.ctx, target, () => undefined);
    expect(move.missing).toEqual([lost.storageKey]);
    expect(move.alreadyThere).toBe(kept.length);
    await t.ctx.db.execute(sql`delete from files where id = ${lost.id}`);
  });

  it('refuses a target it cannot use', async () => {
    const run = (argv: string[]) => COMMANDS['files:migrate']!.run(t.ctx, argv);
    await expect(run([])).rejects.toThrow(UsageError);
    await expect(run(['--to', 'ftp'])).rejects.toThrow(/--to: must be disk, postgres or s3/);
    await expect(run(['--to', 'disk'])).rejects.toThrow(/already in the disk store/);
    await expect(run(['--to', 's3'])).rejects.toThrow(/needs S3_BUCKET/);
    // The test's configuration has no DATABASE_URL (the app's database is handed to it directly).
    await expect(run(['--to', 'postgres'])).rejects.toThrow(/needs a PostgreSQL server \(DATABASE_URL\)/);
  });
});
