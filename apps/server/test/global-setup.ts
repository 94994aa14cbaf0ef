import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file clones. */
    pgTemplate: string;
    /** PGlite: a dump of a migrated database each test file loads. */
    pgliteDump: string;
    /**
     * PGlite: a data directory whose embedded database (`db/`) is migrated, which tests that start
     * server processes copy (a first start migrates for ~5 CPU-s); '' on PostgreSQL.
     */
    pgliteDataDir: string;
  }
}

/**
 * Migrates one database once per run with the real migrations; every test file then gets a
 * fresh copy (PGlite: load the dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `crs_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const db = await openDatabase({ kind: 'postgresql', url: withDatabase(url, template), max: 1 });
    await migrate(db);
    await db.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    project.provide('pgliteDataDir', '');
    return async () => {
      // Drop the template and any test database a crashed file left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `${template}_%`],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'crs-test-'));
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db);
  const dump = await db.thread!.dump();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, dump);
  await db.close();
  const dataDir = path.join(dir, 'data');
  const onDisk = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), loadDataDir: dump });
  await onDisk.close();
  project.provide('pgliteDump', file);
  project.provide('pgliteDataDir', dataDir);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
