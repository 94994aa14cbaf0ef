// A semester rollover killed half-way leaves the college exactly as before (issue 27 item 8,
// decision 0045): a real server process (the server bundled as production runs it) on a PostgreSQL
// database of a large college starts a rollover; the test SIGKILLs it once the run's transaction
// has written its row of rollover_runs and the first enrolments in the next sections, and checks that nothing changed — one
// transaction, so the database rolls it back. With TEST_DATABASE_URL: a kill of the embedded
// database's one process is the same rollback from its write-ahead log, but the test needs a
// second connection to watch the run, which PGlite (one process) does not have.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { withDatabase } from './global-setup.ts';
import { freePort, migratedDataDir } from './util.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PG_URL = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const dirs: string[] = [];
let database: string | undefined;

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

/** What the seed and the check need of a connection: pg.Client, or the embedded database's executeSql. */
type Sql = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
const embeddedSql = (db: Database): Sql => ({ query: async (text, values) => (await db.executeSql(text, values)) as { rows: Array<Record<string, unknown>> } });

const STUDENTS = 6000;
const YEAR = '2026-27';

/** A college of 6,000 students in 60 sections of semesters 4 and 8 (the even term), an Admin to run it. */
async function seed(db: Sql, adminEmail: string, password: string) {
  await db.query(`insert into departments (code, name) select 'K' || d, 'Kill Department ' || d from generate_series(1, 6) d`);
  await db.query(
    `insert into sections (name, department_id, semester, academic_year)
     select 'K' || d.n || '-' || sem || chr(64 + l), dep.id, sem, $1
     from generate_series(1, 6) d(n) join departments dep on dep.code = 'K' || d.n cross join (values (4), (8)) s(sem) cross join generate_series(1, 5) l`,
    [YEAR],
  );
  await db.query(
    `insert into subjects (code, name, department_id, semester, credits)
     select 'K' || d.n || sem || '0' || k, 'Subject ' || k, dep.id, sem, 4
     from generate_series(1, 6) d(n) join departments dep on dep.code = 'K' || d.n cross join (values (4), (5), (8)) s(sem) cross join generate_series(1, 3) k`,
  );
  await db.query(
    `with s as (select id, department_id, row_number() over (order by name) - 1 as i from sections)
     insert into users (name, email, roles, password_hash, student_id, section_id, department_id, section)
     select 'Student ' || g, 'kill' || g || '@test.crs', '{Student}', 'x', 'STUK' || lpad(g::text, 6, '0'), s.id, s.department_id, 'x'
     from generate_series(1, $1::int) g join s on s.i = g % 60`,
    [STUDENTS],
  );
  await db.query(`insert into section_students (section_id, student_id) select section_id, id from users where section_id is not null`);
  await db.query(`insert into users (name, email, roles, password_hash) values ('Kill Admin', $1, '{Admin}', $2)`, [adminEmail, await hashPassword(password)]);
}

/** Every row of the tables a rollover writes, as text: the college "exactly as before". */
async function state(db: Sql) {
  const out: Record<string, string> = {};
  const tables: Array<[string, string]> = [
    ['sections', 'id'],
    ['section_students', 'section_id, student_id'],
    ['teaching_assignments', 'id'],
    ['users', 'id'],
    ['alumni', 'id'],
    ['audit_log', 'id'],
    ['rollover_runs', 'id'],
    ['rollover_students', 'run_id, student_id'],
  ];
  for (const [table, order] of tables) {
    const { rows } = await db.query(`select md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as h, count(*)::int as n from ${table} t`);
    out[table] = `${String(rows[0]?.n)}:${String(rows[0]?.h)}`;
  }
  return out;
}

/** Starts the server (the run's bundle, as production runs it) on `databaseUrl`, or the embedded database in `dataDir`; resolves once it listens. */
async function startServer(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CRS_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), CRS_SEED: 'false', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_SECONDS: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const child = spawn(process.execPath, [inject('serverEntry')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 60_000;
  while (!out.includes('CRS is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited, base: `http://127.0.0.1:${port}/api/v1` };
}

/** Signs the Admin in and starts the rollover of the even term; `answered` turns true if the server ever answers. */
async function startRollover(base: string, email: string, password: string) {
  const signIn = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const state = { answered: false };
  void fetch(`${base}/academics/rollover`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ academicYear: YEAR, term: 'even' }) })
    .then(() => (state.answered = true))
    .catch(() => undefined);
  return state;
}

const registerOnPostgres = (name: string, fn: () => Promise<void>, timeout: number) => (PG_URL ? it(name, fn, timeout) : undefined);
const registerEmbedded = (name: string, fn: () => Promise<void>, timeout: number) => (PG_URL ? undefined : it(name, fn, timeout));

describe('a rollover killed half-way', () => {
  registerOnPostgres(
    'leaves the college exactly as before (one transaction: the database rolls it back)',
    async () => {
      database = `${inject('pgTemplate')}_r${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${database} template ${inject('pgTemplate')}`);
      await admin.end();
      const url = withDatabase(PG_URL!, database);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const email = `kill.admin.${randomBytes(3).toString('hex')}@test.crs`;
        const password = 'Rollover-kill-1';
        await seed(db, email, password);
        const dataDir = migratedDataDir('crs-rollover-');
        dirs.push(dataDir);
        const server = await startServer(dataDir, url);
        const before = await state(db);

        // Start the run; kill the process once its transaction has written the run's row and the first enrolments.
        const run = await startRollover(server.base, email, password);
        const watchUntil = Date.now() + 30_000;
        for (;;) {
          // Half-way: the run's transaction has written its row and enrolled students in the next sections.
          const { rows } = await db.query(
            `select l.pid from pg_locks l join pg_class c on c.oid = l.relation where l.mode = 'RowExclusiveLock' and l.granted and c.relname in ('rollover_runs', 'section_students')
             group by l.pid having count(distinct c.relname) = 2`,
          );
          if (rows.length > 0) break;
          if (Date.now() > watchUntil) throw new Error('the rollover never started');
          await new Promise((r) => setTimeout(r, 5));
        }
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        expect(run.answered).toBe(false);
        // The killed connection's transaction is rolled back by PostgreSQL once it sees the socket close.
        const settle = Date.now() + 10_000;
        while ((await db.query(`select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`)).rows.length > 0 && Date.now() < settle) await new Promise((r) => setTimeout(r, 50));
        expect(await state(db)).toEqual(before);
        expect((await db.query(`select count(*)::int as n from rollover_runs`)).rows[0].n).toBe(0);
      } finally {
        await db.end();
      }
    },
    180_000,
  );

  registerEmbedded(
    'on the embedded database: killed while the run is under way, the college is as before (or, had it committed, rolled over whole)',
    async () => {
      const dataDir = migratedDataDir('crs-rollover-');
      dirs.push(dataDir);
      // A first start migrates the data directory; the college is seeded with the server stopped (its lock).
      const first = await startServer(dataDir);
      first.child.kill('SIGTERM');
      await first.exited;
      const email = `kill.admin.${randomBytes(3).toString('hex')}@test.crs`;
      const password = 'Rollover-kill-1';
      let db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await seed(embeddedSql(db), email, password);
      const before = await state(embeddedSql(db));
      await db.close();

      const server = await startServer(dataDir);
      await startRollover(server.base, email, password);
      // One process, no second connection to watch it: kill shortly after the run started.
      await new Promise((r) => setTimeout(r, 300));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        const after = await state(embeddedSql(db));
        const runs = (await db.executeSql(`select count(*)::int as n from rollover_runs`)).rows as Array<{ n: number }>;
        if (runs[0]!.n === 0) expect(after).toEqual(before);
        else {
          // It had committed before the kill: then wholly (every student recorded, promoted or graduated).
          expect((await db.executeSql(`select count(*)::int as n from rollover_students`)).rows).toEqual([{ n: STUDENTS }]);
        }
      } finally {
        await db.close();
      }
    },
    180_000,
  );
});
