import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import type { Pack } from 'tar-stream';
import type { FileStore } from '../lib/storage.ts';
import { queryRows } from './client.ts';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';

/**
* Tables a backup leaves out: the server's generated secrets belong to the installation, not to
 * its data (decision 0048), so a restore never swaps the signing key under running processes.
 */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set(['server_secrets']);

/**
 * The PostgreSQL file store's tables (db/file-store.ts): the bytes of files, which a backup carries
 * as its `files/` entries whatever the store, never as rows; a restore puts them back through the store.
 */
export const FILE_STORE_TABLES = new Set<string>([getTableName(schema.fileBlobs), getTableName(schema.fileChunks)]);

/** Tables in dependency order (parents first), as the schema module exports them; the two above aside. */
export const TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .filter((name) => !NOT_BACKED_UP.has(name) && !FILE_STORE_TABLES.has(name));

/** The database part of a backup: the first entry of the archive. */
type Manifest = {
  format: 'crs-backup';
  version: 2;
  createdAt: string;
  migrations: number;
  tables: Record<string, unknown[]>;
  sequences: Record<string, string | null>;
};

/** What a backup holds: rows per table and how many files' bytes. */
export type BackupCounts = { tables: Record<string, number>; files: number };

const MANIFEST = 'crs-backup.json';
const FILES = 'files/';

async function appliedMigrations(db: Db): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return r?.n ?? 0;
}

const addEntry = (pack: Pack, name: string, bytes: Buffer) =>
  new Promise<void>((resolve, reject) => pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (err) => (err ? reject(err) : resolve())));

/** Streams a file's bytes into the archive as they are read: a 20 MiB file is never held whole. */
async function addStreamEntry(pack: Pack, name: string, size: number, stream: Readable): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
    pipeline(stream, entry).catch(reject);
  });
}

const countsOf = (tables: Record<string, unknown[]>, files: number): BackupCounts => ({
  tables: Object.fromEntries(TABLES.map((t) => [t, tables[t]?.length ?? 0])),
  files,
});

/**
 * Writes a consistent backup to `file` (decision 0007): a gzipped tar holding first every table and
 * sequence as JSON, read in one transaction, then the bytes of every file those rows refer to, so
 * a restore brings back uploaded documents, materials and ID cards too, from whichever file store
 * holds them (disk, PostgreSQL, S3), each streamed from the store into the archive. Written under a
 * temporary name and renamed, so `file` is never half a backup.
 */
export async function backupTo(db: Db, store: FileStore, file: string): Promise<BackupCounts> {
  const data = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const tables: Record<string, unknown[]> = {};
    for (const name of TABLES) {
      const [r] = await queryRows<{ rows: unknown[] | null }>(txDb, sql`select json_agg(t) as rows from ${sql.identifier(name)} t`);
      tables[name] = r?.rows ?? [];
    }
    const seqs = await queryRows<{ name: string; value: string | null }>(
      txDb,
      sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    return { tables, sequences: Object.fromEntries(seqs.map((s) => [s.name, s.value])), migrations: await appliedMigrations(txDb) };
  });
  const manifest: Manifest = { format: 'crs-backup', version: 2, createdAt: new Date().toISOString(), ...data };
  // The rows name their bytes by storage key; bytes never change under a key once written.
  const stored = data.tables.files as Array<{ storage_key: string; size: number }>;

  const temp = `${file}.part`;
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(temp, { mode: 0o600 }));
  let files = 0;
  try {
    await addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(manifest)));
    for (const { storage_key: key, size } of stored) {
      const stream = await store.open(key);
      // Bytes missing from the store cannot be served live either; the row is kept as it is.
      if (!stream) continue;
      await addStreamEntry(pack, FILES + key, size, stream);
      files++;
    }
    pack.finalize();
    await written;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
  await rename(temp, file);
  return countsOf(data.tables, files);
}

/**
 * Replaces all data with a backup's. The manifest comes first and is checked (format, and the
 * same schema version: number of applied migrations) before anything is written; then the files'
 * bytes go back under their keys, then every table is replaced in one transaction, so a bad file
 * changes no row. Bytes written before a failure, and the bytes of files the backup does not know,
 * are left to the file store's orphan sweep (modules/files).
 */
export async function restoreFrom(db: Db, store: FileStore, file: string): Promise<BackupCounts> {
  const current = await appliedMigrations(db);
  let manifest: Manifest | undefined;
  let files = 0;
  const extract = tarExtract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      if (!manifest) {
        manifest = parseManifest(entry.header.name, await buffer(entry), file);
        if (manifest.migrations !== current) {
          throw new Error(`The backup was made at schema version ${manifest.migrations}; this database is at version ${current}.`);
        }
      } else if (entry.header.name.startsWith(FILES)) {
        // Straight from the archive into the store, as it is read (an entry yields the file's bytes).
        await store.putAt(entry.header.name.slice(FILES.length), entry as AsyncIterable<Uint8Array>);
        files++;
      } else {
        entry.resume();
      }
    }
    await reading;
  } catch (err) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (err instanceof Error && /schema version|is not a CRS backup/.test(err.message)) throw err;
    throw new Error(`${file} is not a CRS backup (${(err as Error).message})`);
  }
  if (!manifest) throw new Error(`${file} is not a CRS backup (it is empty)`);
  const backup = manifest;

  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${TABLES.map((t) => `"${t}"`).join(', ')} cascade`));
    // users.department_id/section_id point at academic tables loaded after users: those keys are
    // deferrable (migration 0016) and checked at this commit.
    await tx.execute(sql`set constraints all deferred`);
    // The books arrive with their copy counts: the copies' count triggers (migration 0029) leave them be.
    await tx.execute(sql`select set_config('crs.restoring', 'on', true)`);
    for (const name of TABLES) {
      const rows = backup.tables[name] ?? [];
      if (rows.length === 0) continue;
      const t = sql.identifier(name);
      await tx.execute(sql`insert into ${t} select * from json_populate_recordset(null::${t}, ${JSON.stringify(rows)}::json)`);
    }
    for (const [name, value] of Object.entries(backup.sequences)) {
      if (value !== null) await tx.execute(sql`select setval(${name}, ${value}::bigint, true)`);
    }
  });
  return countsOf(backup.tables, files);
}

function parseManifest(name: string, bytes: Buffer, file: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch (err) {
    throw new Error(`${file} is not a CRS backup (${(err as Error).message})`);
  }
  if (name !== MANIFEST || manifest.format !== 'crs-backup') throw new Error(`${file} is not a CRS backup`);
  if (manifest.version !== 2) throw new Error(`${file} is not a CRS backup of this version (made by an older CRS: restore it with the version that made it)`);
  if (!manifest.tables || typeof manifest.tables !== 'object' || !manifest.sequences) throw new Error(`${file} is not a CRS backup`);
  return manifest as Manifest;
}

/** Row count of every table (used to verify a restore). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of TABLES) {
    const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    out[name] = r?.n ?? 0;
  }
  return out;
}
