import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from './client.ts';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';

/** Tables in dependency order (parents first), as the schema module exports them. */
export const TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t));

type BackupFile = {
  format: 'crs-backup';
  version: 1;
  createdAt: string;
  migrations: number;
  tables: Record<string, unknown[]>;
  sequences: Record<string, string | null>;
};


async function appliedMigrations(db: Db): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return r?.n ?? 0;
}

/**
 * Writes every table and sequence to a gzipped JSON file, read in one transaction so the copy is
 * consistent. The same file restores into the embedded database or PostgreSQL.
 */
export async function backupTo(db: Db, file: string): Promise<Record<string, number>> {
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
  const backup: BackupFile = { format: 'crs-backup', version: 1, createdAt: new Date().toISOString(), ...data };
  writeFileSync(file, gzipSync(JSON.stringify(backup)), { mode: 0o600 });
  return Object.fromEntries(Object.entries(data.tables).map(([k, v]) => [k, v.length]));
}

/**
 * Replaces all data with a backup's, in one transaction: a bad file changes nothing. The backup
 * must come from the same schema version (number of applied migrations).
 */
export async function restoreFrom(db: Db, file: string): Promise<Record<string, number>> {
  let backup: BackupFile;
  try {
    backup = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as BackupFile;
  } catch (err) {
    throw new Error(`${file} is not a CRS backup (${(err as Error).message})`);
  }
  if (backup.format !== 'crs-backup' || backup.version !== 1) throw new Error(`${file} is not a CRS backup`);
  const current = await appliedMigrations(db);
  if (backup.migrations !== current) {
    throw new Error(`The backup was made at schema version ${backup.migrations}; this database is at version ${current}.`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${TABLES.map((t) => `"${t}"`).join(', ')} cascade`));
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
  return Object.fromEntries(TABLES.map((t) => [t, backup.tables[t]?.length ?? 0]));
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
