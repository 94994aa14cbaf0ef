import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../../scripts/build-server.ts';
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
    /** The server and its command line bundled from this run's sources (`npm run build:server`'s way). */
    serverEntry: string;
    cliEntry: string;
  }
}

/**
 * Tests that start server processes run them as production does, from a bundle (decision 0054),
 * built here once per run from the sources: a start through tsx costs ~3 CPU-s more (its loader
 * transforms the server's modules in every process), and these tests start ~20 processes per run.
 * The browser tests keep starting the sources through tsx, as `npm start` does. Each run builds into
 * its own folder beside `dist/` (packages resolve from there as from dist); two runs may overlap.
 */
async function bundleForRun(): Promise<{ entries: { server: string; cli: string }; remove: () => void }> {
  const parent = path.resolve(import.meta.dirname, '../.test-dist');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'run-'));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    // The parent goes with the last run's folder; a run still going keeps it (and may remove it itself).
    try {
      rmdirSync(parent);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'ENOENT') throw err;
    }
  };
  try {
    return { entries: await bundleServer(dir), remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * Migrates one database once per run with the real migrations; every test file then gets a
 * fresh copy (PGlite: load the dump; PostgreSQL: CREATE DATABASE ... TEMPLATE). A set-up that fails
 * half-way leaves nothing behind: the run's bundle goes with it.
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleForRun();
  try {
    project.provide('serverEntry', bundle.entries.server);
    project.provide('cliEntry', bundle.entries.cli);
    const url = process.env.TEST_DATABASE_URL;
    const teardown = url ? await postgresTemplate(project, url) : await pgliteTemplate(project);
    return async () => {
      await teardown();
      bundle.remove();
    };
  } catch (err) {
    bundle.remove();
    throw err;
  }
}

/** PostgreSQL: a migrated template database each test file clones; its teardown drops it and any clone a crashed file left. */
async function postgresTemplate(project: TestProject, url: string): Promise<() => Promise<void>> {
  const template = `crs_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dropAll = async () => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [template, `${template}_%`]);
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
  try {
    await admin.query(`create database ${template}`);
    const db = await openDatabase({ kind: 'postgresql', url: withDatabase(url, template), max: 1 });
    await migrate(db);
    await db.close();
  } catch (err) {
    await dropAll();
    throw err;
  }
  project.provide('pgTemplate', template);
  project.provide('pgliteDump', '');
  project.provide('pgliteDataDir', '');
  return dropAll;
}

/** PGlite: a dump of a migrated database and a data directory made from it, in a temporary folder the teardown removes. */
async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'crs-test-'));
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  try {
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
    return remove;
  } catch (err) {
    await remove();
    throw err;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
