// The three file stores keep one contract (decision 0049): disk, PostgreSQL (the test database)
// and S3 (a real S3-compatible server, s3rver, through the AWS SDK). Bytes go in whole or as a
// stream, come out the same, a key holds a whole file or nothing, and a failed write leaves none.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.ts';
import type { TestDb } from '../../test/helper.ts';
import { startS3 } from '../../test/s3.ts';
import type { TestS3 } from '../../test/s3.ts';
import { queryRows } from '../db/client.ts';
import { CHUNK_BYTES, CHUNKS_PER_READ, PostgresStore } from '../db/file-store.ts';
import { DiskStore, inPieces } from './storage.ts';
import type { FileStore } from './storage.ts';
import { S3Store } from './storage-s3.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `bytes` as a stream of uneven pieces (as an upload arrives). */
const trickle = (bytes: Buffer, piece = 65_537) => Readable.from(inPieces(bytes, piece));

/** A stream that gives `first` bytes, then fails (a client that went away mid-upload). */
async function* failingAfter(first: Buffer): AsyncGenerator<Buffer> {
  yield first;
  throw new Error('connection reset');
}

const keysOf = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys;
};

let db: TestDb;
let s3: TestS3;
let dir: string;
const stores: Record<string, () => FileStore> = {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'crs-store-'));
  [db, s3] = await Promise.all([freshDatabase(), startS3()]);
  const disk = new DiskStore(dir);
  const postgres = new PostgresStore(db.database);
  const bucket = new S3Store(s3.settings);
  stores.disk = () => disk;
  stores.postgres = () => postgres;
  stores.s3 = () => bucket;
});

afterAll(async () => {
  (stores.s3?.() as S3Store | undefined)?.close();
  await Promise.all([db?.drop(), s3?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['disk', 'postgres', 's3'])('the %s store', (kind) => {
  const store = () => stores[kind]!();

  it('keeps bytes given whole and gives them back as a stream', async () => {
    const bytes = randomBytes(1000);
    const key = await store().put(bytes);
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(sha(await buffer((await store().open(key))!))).toBe(sha(bytes));
    expect(await keysOf(store())).toContain(key);
  });

  it('keeps a stream of several pieces that does not end on a piece boundary', async () => {
    // Past two PostgreSQL pieces and, on S3, past one 8 MiB multipart part.
    const bytes = randomBytes(kind === 's3' ? 9 * 1024 * 1024 + 17 : 2 * CHUNK_BYTES + 12_345);
    const key = await store().put(trickle(bytes));
    const back = await buffer((await store().open(key))!);
    expect(back.length).toBe(bytes.length);
    expect(sha(back)).toBe(sha(bytes));
  });

  it('replaces what a key held with putAt, and removes it', async () => {
    const key = await store().put(Buffer.from('first version'));
    await store().putAt(key, trickle(Buffer.from('second, longer version'), 5));
    expect((await buffer((await store().open(key))!)).toString()).toBe('second, longer version');
    await store().remove(key);
    expect(await store().open(key)).toBeUndefined();
    expect(await keysOf(store())).not.toContain(key);
    await store().remove(key); // a missing key is not an error
  });

  it('leaves no key behind when the stream fails mid-write, and keeps what a key held before', async () => {
    const before = await keysOf(store());
    await expect(store().put(failingAfter(randomBytes(CHUNK_BYTES + 10)))).rejects.toThrow();
    expect(await keysOf(store())).toEqual(before);
    const key = await store().put(Buffer.from('kept'));
    await expect(store().putAt(key, failingAfter(randomBytes(CHUNK_BYTES * 2)))).rejects.toThrow();
    expect((await buffer((await store().open(key))!)).toString()).toBe('kept');
  });

  it('refuses a key it did not make', async () => {
    await expect(store().putAt('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a file store key/);
    await expect(store().open('ab/../../x')).rejects.toThrow(/not a file store key/);
  });

  it('answers undefined for a key that holds nothing', async () => {
    expect(await store().open('ab/ab000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('the PostgreSQL store', () => {
  const unnamed = async () => (await queryRows<{ n: number }>(db.database.db, sql`select count(*)::int as n from file_blobs where key is null`))[0]!.n;

  it('keeps a file as 256 KiB pieces, and nothing of a failed write', async () => {
    const store = stores.postgres!();
    const key = await store.put(randomBytes(3 * CHUNK_BYTES + 1));
    const [row] = await queryRows<{ pieces: number; biggest: number }>(
      db.database.db,
      sql`select count(*)::int as pieces, max(length(c.bytes))::int as biggest from file_chunks c join file_blobs b on b.id = c.blob_id where b.key = ${key}`,
    );
    expect(row).toEqual({ pieces: 4, biggest: CHUNK_BYTES });
    const rows = async () => (await queryRows<{ n: number }>(db.database.db, sql`select (select count(*) from file_blobs) + (select count(*) from file_chunks) as n`))[0]!.n;
    const before = await rows();
    await expect(store.put(failingAfter(randomBytes(3 * CHUNK_BYTES)))).rejects.toThrow();
    expect(await unnamed()).toBe(0);
    expect(await rows()).toBe(before);
  });

  it('fails a read whose key was given other bytes meanwhile, rather than give half a file', async () => {
    const store = stores.postgres!();
    // Three reads' worth: the first and the one fetched ahead of it come before the change.
    const key = await store.put(randomBytes(3 * CHUNKS_PER_READ * CHUNK_BYTES));
    const stream = (await store.open(key))!;
    const first = await stream[Symbol.asyncIterator]().next();
    expect(first.value.length).toBe(CHUNK_BYTES);
    await store.putAt(key, Buffer.from('restored'));
    await expect(buffer(stream)).rejects.toThrow(/changed while it was read/);
  });
});
