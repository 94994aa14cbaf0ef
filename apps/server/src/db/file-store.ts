import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { checkStoreKey, inPieces, WholeWriteStore } from '../lib/storage.ts';
import type { FileBytes } from '../lib/storage.ts';
import { queryRows } from './client.ts';
import type { Database, Db } from './client.ts';
import type { BytesRead } from './copy-binary.ts';

/** Bytes of one piece (a row of file_chunks): big enough to keep the rows few, small enough to stream. */
export const CHUNK_BYTES = 256 * 1024;
/** Pieces one read fetches: 2 MiB a round trip (round trips, not bytes, cost most on a busy machine). */
export const CHUNKS_PER_READ = 8;

/**
 * Files in the shared PostgreSQL database (CRS_FILE_STORE=postgres, decision 0049), so every
 * server process sees every file. A write is one transaction: a blob, its bytes in pieces of
 * 256 KiB inserted one statement each as the stream is read (never the whole file in memory), then
 * the key moved onto it (dropping what the key held before). A reader sees a whole file or none; a
 * failed or cut-short write leaves nothing; one commit means one WAL flush per file, not per piece.
 * A read fetches 2 MiB a query, the next while the last is being sent.
 */
export class PostgresStore extends WholeWriteStore {
  readonly kind = 'postgres';
  private readonly db: Db;
  constructor(private readonly database: Database) {
    super();
    this.db = database.db;
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
    const database = this.database;
    const size = Number(blob.size);
    const range = (n: number) => database.readBytes('select bytes from file_chunks where blob_id = $1 and n >= $2 and n < $3 order by n', [blob.id, n, n + CHUNKS_PER_READ]);
    async function* pieces(): AsyncGenerator<Buffer> {
      let read = 0;
      let fetched = 0;
      let current: BytesRead | undefined = range(0);
      for (let n = 0; current; n += CHUNKS_PER_READ) {
        // Once this range is in memory the next is fetched while this one is sent: two at most are held.
        const next: Promise<BytesRead | undefined> = current.fetched.then((got) => {
          if (!got) return undefined;
          fetched += got.bytes;
          return got.rows === CHUNKS_PER_READ && fetched < size ? range(n + CHUNKS_PER_READ) : undefined;
        });
        for await (const bytes of current) {
          read += bytes.length;
          yield bytes;
        }
        current = await next;
      }
      // The key was given other bytes (a restore) or removed while this was read: never half a file.
      if (read !== size) throw new Error(`file store: ${key} changed while it was read`);
    }
    return Readable.from(pieces(), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }

  async remove(key: string): Promise<void> {
    await this.db.execute(sql`delete from file_blobs where key = ${checkStoreKey(key)}`);
  }

  protected async write(key: string, bytes: FileBytes): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [blob] = await queryRows<{ id: string }>(tx, sql`insert into file_blobs default values returning id`);
      const id = blob!.id;
      let n = 0;
      let size = 0;
      for await (const piece of inPieces(bytes, CHUNK_BYTES)) {
        await tx.execute(sql`insert into file_chunks (blob_id, n, bytes) values (${id}, ${n}, ${piece})`);
        n++;
        size += piece.length;
      }
      await tx.execute(sql`delete from file_blobs where key = ${key}`);
      await tx.execute(sql`update file_blobs set key = ${key}, size = ${size}, created_at = now() where id = ${id}`);
    });
  }
}
