import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { checkStoreKey, inPieces, newStoreKey } from '../lib/storage.ts';
import type { FileBytes, FileStore } from '../lib/storage.ts';
import { queryRows } from './client.ts';
import type { Db } from './client.ts';

/** Bytes of one piece (a row of file_chunks): big enough to keep the rows few, small enough to stream. */
export const CHUNK_BYTES = 256 * 1024;
/** Pieces one read fetches: 1 MiB a round trip. */
const CHUNKS_PER_READ = 4;

/**
 * Files in the shared PostgreSQL database (CRS_FILE_STORE=postgres, decision 0049), so every
 * server process sees every file. A write inserts a blob without a key, then its bytes in pieces
 * of 256 KiB, one statement each, as the upload or backup entry is read; only then does one
 * transaction give the blob its key (dropping what the key held before). A reader therefore sees
 * a whole file or none, nothing is ever held in a long transaction, and a stream is never read
 * into memory whole. A crash mid-write leaves a blob without a key, swept by `sweepUnfinished`.
 */
export class PostgresStore implements FileStore {
  readonly kind = 'postgres';
  constructor(private readonly db: Db) {}

  async put(bytes: FileBytes): Promise<string> {
    const key = newStoreKey();
    await this.write(key, bytes);
    return key;
  }

  async putAt(key: string, bytes: FileBytes): Promise<void> {
    await this.write(checkStoreKey(key), bytes);
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    let after = '';
    for (;;) {
      const rows = await queryRows<{ key: string; created_at: string | Date }>(
        this.db,
        sql`select key, created_at from file_blobs where key > ${after} order by key limit 1000`,
      );
      for (const row of rows) yield { key: row.key, writtenAt: new Date(row.created_at) };
      if (rows.length < 1000) return;
      after = rows[rows.length - 1]!.key;
    }
  }

  async open(key: string): Promise<Readable | undefined> {
    const [blob] = await queryRows<{ id: string; size: string | number }>(this.db, sql`select id, size from file_blobs where key = ${checkStoreKey(key)}`);
    if (!blob) return undefined;
    const db = this.db;
    const size = Number(blob.size);
    async function* pieces(): AsyncGenerator<Buffer> {
      let read = 0;
      for (let n = 0; read < size; n += CHUNKS_PER_READ) {
        const rows = await queryRows<{ bytes: Uint8Array }>(
          db,
          sql`select bytes from file_chunks where blob_id = ${blob!.id} and n >= ${n} and n < ${n + CHUNKS_PER_READ} order by n`,
        );
        if (rows.length === 0) break;
        for (const row of rows) {
          const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
          read += bytes.length;
          yield bytes;
        }
      }
      // The key was given other bytes (a restore) or removed while this was read: never half a file.
      if (read !== size) throw new Error(`file store: ${key} changed while it was read`);
    }
    return Readable.from(pieces(), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }

  async remove(key: string): Promise<void> {
    await this.db.execute(sql`delete from file_blobs where key = ${checkStoreKey(key)}`);
  }

  async sweepUnfinished(before: Date): Promise<number> {
    const rows = await queryRows<{ id: string }>(this.db, sql`delete from file_blobs where key is null and created_at < ${before.toISOString()} returning id`);
    return rows.length;
  }

  private async write(key: string, bytes: FileBytes): Promise<void> {
    const [blob] = await queryRows<{ id: string }>(this.db, sql`insert into file_blobs default values returning id`);
    const id = blob!.id;
    try {
      let n = 0;
      let size = 0;
      for await (const piece of inPieces(bytes, CHUNK_BYTES)) {
        await this.db.execute(sql`insert into file_chunks (blob_id, n, bytes) values (${id}, ${n}, ${piece})`);
        n++;
        size += piece.length;
      }
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`delete from file_blobs where key = ${key}`);
        await tx.execute(sql`update file_blobs set key = ${key}, size = ${size}, created_at = now() where id = ${id}`);
      });
    } catch (err) {
      await this.db.execute(sql`delete from file_blobs where id = ${id}`).catch(() => undefined);
      throw err;
    }
  }
}
