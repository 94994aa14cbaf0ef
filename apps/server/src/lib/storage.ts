import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files' bytes live. Keys are made by the store (never from a user's
 * file name), so nothing a client sends becomes a path. The disk store is the default; an
 * S3-compatible store would implement the same calls.
 */
export interface FileStore {
  /** Keeps the bytes under a new key and returns it. */
  put(bytes: Buffer): Promise<string>;
  /** Keeps the bytes under a given key, replacing what it held (restoring a backup). */
  putAt(key: string, bytes: Buffer): Promise<void>;
  /** Every key and when its bytes were written (backups and the orphan sweep). */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>;
  /** The bytes of a key as a stream; undefined when the key holds nothing. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes a key's bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/**
 * Files on the local disk under `root` (CRS_DATA_DIR/uploads), two hex characters of fan-out so no
 * folder grows past a few thousand entries. A write goes to a temporary name first and is renamed
 * into place, so a crash never leaves half a file under a key.
 */
export class DiskStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(bytes: Buffer): Promise<string> {
    const id = randomUUID();
    const key = `${id.slice(0, 2)}/${id}`;
    await this.write(key, bytes, 'wx');
    return key;
  }

  async putAt(key: string, bytes: Buffer): Promise<void> {
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
  private async write(key: string, bytes: Buffer, flag: 'w' | 'wx'): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${flag === 'wx' ? 'part' : `${randomUUID()}.part`}`;
    await writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
    await rename(temp, target);
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a file store key: ${key}`);
    return path.join(this.root, key);
  }
}
