// Two real server processes (the server bundled as production runs it) on one PostgreSQL database:
// every process watches the cron schedules, and each slot of a cron job still runs once (issue 26
// item 7, decision 0037). The job is the runner's every-minute heartbeat; both processes look for
// due slots every second (CRS_JOBS_POLL_SECONDS=1, CRS_JOBS_CRON_SECONDS=1), so the test waits for the next minute at most.
// With TEST_DATABASE_URL. The embedded database is one process by design (its lock): under PGlite
// the one server runs the slot of its start and stops cleanly with the runner instead.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { freePort, migratedDataDir } from './util.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PG_URL = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const dirs: string[] = [];
let database: string | undefined;

/** Starts the server entry on `databaseUrl` (or the embedded database in `dataDir`); resolves once it listens. */
async function startServer(databaseUrl: string | undefined, dataDir = migratedDataDir('crs-jobs-')) {
  dirs.push(dataDir);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    CRS_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    CRS_SEED: 'false',
    LOG_LEVEL: 'warn',
    CRS_JOBS_POLL_SECONDS: '1',
    CRS_JOBS_CRON_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: '0', // no load balancer to drain from (decision 0048)
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, [inject('serverEntry')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const deadline = Date.now() + 60_000;
  while (!out.includes('CRS is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${err}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out} ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited };
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (database) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});

type Slot = { slot: string; state: string };
type Run = { created: string; state: string; retry_count: number; pid: number };

const registerOnPostgres = (name: string, fn: () => Promise<void>, timeout: number) => (PG_URL ? it(name, fn, timeout) : undefined);
const registerEmbedded = (name: string, fn: () => Promise<void>, timeout: number) => (PG_URL ? undefined : it(name, fn, timeout));

describe('the job runner in real server processes', () => {
  registerEmbedded(
    'one server on the embedded database runs the cron slot of its start once and stops with the runner',
    async () => {
      const dataDir = migratedDataDir('crs-jobs-');
      const server = await startServer(undefined, dataDir);
      const started = Date.now();
      // The slot of the start minute is handed over and run within a few polls of one second.
      await new Promise((r) => setTimeout(r, 4000));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The data directory is free again: read what the runner left.
      const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        const runs = (await db.executeSql(`select state::text, retry_count, (output->>'pid')::int as pid from pgboss.job where name = 'jobs.heartbeat'`)).rows;
        // One slot unless the minute turned during the wait (then that slot ran too, once).
        const minutes = Math.floor((Date.now() - 1) / 60_000) - Math.floor(started / 60_000) + 1;
        expect(runs.length).toBeGreaterThanOrEqual(1);
        expect(runs.length).toBeLessThanOrEqual(minutes);
        for (const r of runs) expect(r).toEqual({ state: 'completed', retry_count: 0, pid: server.child.pid });
      } finally {
        await db.close();
      }
    },
    60_000,
  );

  registerOnPostgres(
    'two servers on one PostgreSQL database run each slot of a cron job once',
    async () => {
      // Its own database, a copy of the run's migrated template; the two servers install the job
      // engine in it together.
      database = `${inject('pgTemplate')}_j${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${database} template ${inject('pgTemplate')}`);
      await admin.end();
      const url = withDatabase(PG_URL!, database);
      const servers = await Promise.all([startServer(url), startServer(url)]);
      const pids = servers.map((s) => s.child.pid!);

      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        // Wait for the first minute that began after both servers were up, and its run.
        const next = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
        const nextSlot = new Date(next).toISOString();
        const deadline = next + 20_000;
        const done = async () =>
          (
            await db.query(
              `select count(*)::int as n from pgboss.job where name = 'jobs.heartbeat' and state = 'completed' and created_on >= $1`,
              [nextSlot],
            )
          ).rows[0].n > 0;
        while (!(await done())) {
          if (Date.now() > deadline) throw new Error('the heartbeat of the next minute did not run');
          await new Promise((r) => setTimeout(r, 500));
        }

        // The engine's slots: the hand-over job of a cron slot is unique by (queue, minute).
        const slots = (
          await db.query<Slot>(
            `select to_char(singleton_on, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as slot, state::text from pgboss.job
             where name = '__pgboss__send-it' and singleton_key = 'jobs.heartbeat' order by singleton_on`,
          )
        ).rows;
        const runs = (
          await db.query<Run>(
            `select to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, state::text, retry_count, (output->>'pid')::int as pid
             from pgboss.job where name = 'jobs.heartbeat' order by created_on`,
          )
        ).rows;

        // At least the minute the servers started in and the next one, consecutive, each once.
        expect(slots.length).toBeGreaterThanOrEqual(2);
        expect(slots.map((s) => s.slot)).toContain(nextSlot.replace(/\.\d{3}Z$/, 'Z'));
        slots.forEach((s, i) => {
          expect(s.state).toBe('completed');
          if (i > 0) expect(Date.parse(s.slot) - Date.parse(slots[i - 1]!.slot)).toBe(60_000);
        });
        // One run per slot, each started once (never retried), taken by one of the two servers,
        // within its slot's minute (plus the hand-over's poll).
        expect(runs).toHaveLength(slots.length);
        runs.forEach((r, i) => {
          expect(r).toMatchObject({ state: 'completed', retry_count: 0 });
          expect(pids).toContain(r.pid);
          const after = Date.parse(r.created) - Date.parse(slots[i]!.slot);
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBeLessThan(65_000);
        });
      } finally {
        await db.end();
      }

      for (const s of servers) s.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
    },
    120_000,
  );
});
