import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes to keep: whole in memory (a generated card) or a stream read once (an upload, a backup entry). */
export type FileBytes = Buffer | AsyncIterable<Uint8Array>;

/**
 * Where uploaded and generated files' bytes live (decision 0049): the local disk (DiskStore), the
 * shared PostgreSQL database (db/file-store.ts) or an S3-compatible bucket (lib/storage-s3.ts).
 * Keys are made by the store (never from a user's file name), so nothing a client sends becomes a
 * path. A write is atomic: a key holds all of its bytes or none of them.
 */
export interface FileStore {
  /** Which store this is (`disk`, `postgres`, `s3`), for messages. */
  readonly kind: string;
  /** Keeps the bytes under a new key and returns it. A stream is written as it is read. */
  put(bytes: FileBytes): Promise<string>;
  /** Keeps the bytes under a given key, replacing what it held (restoring a backup, moving stores). */
  putAt(key: string, bytes: FileBytes): Promise<void>;
  /** Every key and when its bytes were written (backups and the orphan sweep). */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>;
  /** The bytes of a key as a stream; undefined when the key holds nothing. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes a key's bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** True for a key a store made (`ab/<uuid>`, two hex characters of fan-out). */
export const isStoreKey = (key: string) => KEY.test(key);

/** A new key: a random uuid under its first two characters. */
export function newStoreKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Throws unless `key` is one a store made: nothing else ever becomes a path or an object name. */
export function checkStoreKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file store key: ${key}`);
  return key;
}

/**
 * A store that writes a key whole, in one call (PostgreSQL's and S3's): `put` makes the key, `putAt`
 * checks a given one, both through the store's own `write`.
 */
export abstract class WholeWriteStore implements FileStore {
  abstract readonly kind: string;
  protected abstract write(key: string, bytes: FileBytes): Promise<void>;
  abstract list(): AsyncIterable<{ key: string; writtenAt: Date }>;
  abstract open(key: string): Promise<Readable | undefined>;
  abstract remove(key: string): Promise<void>;

  async put(bytes: FileBytes): Promise<string> {
    const key = newStoreKey();
    await this.write(key, bytes);
    return key;
  }

  async putAt(key: string, bytes: FileBytes): Promise<void> {
    await this.write(checkStoreKey(key), bytes);
  }
}

/**
 * Files on the local disk under `root` (CRS_DATA_DIR/uploads), two hex characters of fan-out so no
 * folder grows past a few thousand entries. A write goes to a temporary name first and is renamed
 * into place, so a crash never leaves half a file under a key.
 */
export class DiskStore implements FileStore {
  readonly kind = 'disk';
  constructor(private readonly root: string) {}

  async put(bytes: FileBytes): Promise<string> {
    const key = newStoreKey();
    await this.write(key, bytes, 'wx');
    return key;
  }

  async putAt(key: string, bytes: FileBytes): Promise<void> {
    await this.write(key, bytes, 'w');
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    const fanOut = await readdir(this.root).catch(() => [] as string[]);
    for (const dir of fanOut.sort()) {
      const names = await readdir(path.join(this.root, dir)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const key = `${dir}/${name}`;
        if (!KEY.test(key)) continue; // a `.part` file of a write under way, or something not ours
        const info = await stat(path.join(this.root, key)).catch(() => undefined);
        if (info?.isFile()) yield { key, writtenAt: info.mtime };
      }
    }
  }

  async open(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Writes to a temporary name, then renames into place: a reader never sees half a file. */
  private async write(key: string, bytes: FileBytes, flag: 'w' | 'wx'): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${flag === 'wx' ? 'part' : `${randomUUID()}.part`}`;
    try {
      await pipeline(Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes, createWriteStream(temp, { mode: 0o600, flags: 'wx' }));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await rename(temp, target);
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkStoreKey(key));
  }
}

/** Reads `source` in pieces of exactly `size` bytes (the last one shorter), copying as little as it can. */
export async function* inPieces(source: FileBytes, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    for (let at = 0; at < source.length; at += size) yield source.subarray(at, at + size);
    return;
  }
  let parts: Buffer[] = [];
  let held = 0;
  for await (const chunk of source) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (held + rest.length >= size) {
      const take = size - held;
      parts.push(rest.subarray(0, take));
      yield parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
      parts = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length) {
      parts.push(rest);
      held += rest.length;
    }
  }
  if (held) yield Buffer.concat(parts, held);
}
