// The server as a real process: data directory lock, SIGTERM, the CLI next to a running server,
// and refusing bad configuration (quality.md "Reliability"). Runs on the embedded database by
// default; with TEST_DATABASE_URL the same tests run against a fresh PostgreSQL database, except
// those about the embedded database's lock and admin socket, which PostgreSQL does not have.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.ts';
import { freePort, migratedDataDir } from './util.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// The run's bundle of apps/server/src/server.ts and cli.ts (global-setup.ts).
const SERVER = inject('serverEntry');
const CLI = inject('cliEntry');
const PG_URL = process.env.TEST_DATABASE_URL;
const embedded = !PG_URL;
/**
 * Registers a test on the embedded database only: the data directory lock and the admin socket are
 * properties of PGlite, so under PostgreSQL these tests do not exist (not skipped: not registered).
 */
const itEmbedded = ((name: string, fn: () => Promise<void>) => (embedded ? it(name, fn) : undefined)) as (name: string, fn: () => Promise<void>) => void;

const children = new Set<ChildProcess>();
const dirs: string[] = [];
const databases: string[] = [];

/** A fresh, migrated PostgreSQL database cloned from the run's template. */
async function freshPgUrl(): Promise<string> {
  const name = `${inject('pgTemplate')}_p${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  databases.push(name);
  return withDatabase(PG_URL!, name);
}

/** The environment of a child: only what CRS reads, never the test runner's database settings. */
async function baseEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const dataDir = migratedDataDir('crs-proc-');
  dirs.push(dataDir);
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    CRS_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    CRS_SEED: 'false',
    LOG_LEVEL: 'warn',
    // No grace after SIGTERM unless a test asks for one (decision 0048: the default is 10 s).
    SHUTDOWN_GRACE_SECONDS: '0',
    ...(PG_URL ? { DATABASE_URL: await freshPgUrl() } : {}),
    ...extra,
  };
}

type Run = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

function run(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function startServer(env: Record<string, string>): Promise<Run & { url: string }> {
  const r = run(SERVER, [], env);
  const deadline = Date.now() + 60_000;
  while (!r.stdout().includes('CRS is running at')) {
    if (r.child.exitCode !== null) throw new Error(`server exited ${r.child.exitCode}: ${r.stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${r.stdout()} ${r.stderr()}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  return { ...r, url: `http://127.0.0.1:${env.PORT}` };
}

/** Runs a CLI command to completion. */
async function cli(env: Record<string, string>, ...args: string[]) {
  const r = run(CLI, args, env);
  const code = await r.exited;
  return { code, stdout: r.stdout(), stderr: r.stderr() };
}

/** Names, sizes and modification times of every file under `dir`. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        out[path.relative(dir, p)] = `${s.size}:${s.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return out;
}

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (PG_URL && databases.length) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

describe('a running server', () => {
  let env: Record<string, string>;
  let server: Run & { url: string };
  beforeAll(async () => {
    env = await baseEnv();
    server = await startServer(env);
  }, 90_000);

  it('answers live and ready', async () => {
    expect(await (await fetch(`${server.url}/api/v1/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/api/v1/health/ready`)).json()).toEqual({ status: 'ok', database: embedded ? 'pglite' : 'postgresql', migrations: 'done' });
  });

  // The lock belongs to the embedded database only: PostgreSQL serves many processes by design.
  itEmbedded('holds the data directory: a second process exits 2 with a clear message and touches nothing', async () => {
    const lockFile = path.join(env.CRS_DATA_DIR!, 'crs.lock');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.child.pid));
    // The running server's own database changes under it (its job runner checks the schedules every
    // few seconds, decision 0037); every other file, the lock first, must stay as it was.
    const others = () => Object.fromEntries(Object.entries(snapshot(env.CRS_DATA_DIR!)).filter(([file]) => !file.startsWith(`db${path.sep}`)));
    const before = others();
    expect(Object.keys(before)).toContain('crs.lock');
    const second = run(SERVER, [], { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(2);
    expect(second.stderr()).toContain('in use by another CRS process');
    expect(second.stderr()).toContain(`pid ${server.child.pid}`);
    expect(second.stdout()).not.toContain('CRS is running');
    expect(others()).toEqual(before);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.child.pid));
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
  });

  it('lets the CLI approve a sign-up while it runs (through the admin socket on the embedded database)', async () => {
    const email = `proc.${randomBytes(3).toString('hex')}@test.crs`;
    const reg = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Process Teacher', email, phone: '9876543210', password: 'secret123', roles: 'Teacher' }),
    });
    expect(reg.status).toBe(201);
    const loginBody = JSON.stringify({ email, password: 'secret123' });
    const before = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
    expect(before.status).toBe(403);

    const r = await cli(env, 'user:approve', '--email', email);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Approved ${email}`);
    const after = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
    expect(after.status).toBe(200);

    // A failing command reports through the socket too, with the CLI's exit code.
    const unknown = await cli(env, 'user:approve', '--email', `nobody.${randomBytes(3).toString('hex')}@test.crs`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with email');
  });

  itEmbedded('lets the CLI back up while it runs, but refuses db:restore', async () => {
    const file = path.join(env.CRS_DATA_DIR!, 'live.crs.gz');
    const backup = await cli(env, 'db:backup', file);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Backup written');
    expect(existsSync(file)).toBe(true);
    const restore = await cli(env, 'db:restore', file);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('cannot run while the server is running');
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
  });

  // Last in this block: it stops the shared server.
  it('finishes the request under way on SIGTERM, takes no new one, exits 0 within 10 s, releasing the data directory', async () => {
    // A login whose body is still arriving when the signal comes: the request is under way.
    const { port } = new URL(server.url);
    const socket = net.createConnection({ host: '127.0.0.1', port: Number(port) });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = JSON.stringify({ email: 'nobody@test.crs', password: 'whatever1' });
    socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    const started = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // No new work once shutting down: a new connection is refused (or answered 503).
    const late = await fetch(`${server.url}/api/v1/health`).then((res) => res.status, () => 'refused');
    expect([503, 'refused']).toContain(late);

    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"code":"INVALID_CREDENTIALS"');

    const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The data directory is free again (lock released, admin socket gone).
    if (embedded) expect(existsSync(path.join(env.CRS_DATA_DIR!, 'crs.lock'))).toBe(false);
    if (embedded) expect(existsSync(path.join(env.CRS_DATA_DIR!, 'crs.sock'))).toBe(false);
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
  });
});

describe('draining on SIGTERM (decision 0048)', () => {
  it('turns not-ready at once, keeps answering live and API calls through the grace period, then exits 0', async () => {
    const server = await startServer(await baseEnv({ SHUTDOWN_GRACE_SECONDS: '3' }));
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
    const started = Date.now();
    server.child.kill('SIGTERM');
    // Ready turns 503 (the load balancer's cue) while the process still serves everything else.
    const until = Date.now() + 2000;
    let ready = await fetch(`${server.url}/api/v1/health/ready`);
    while (ready.status !== 503 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      ready = await fetch(`${server.url}/api/v1/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    // Each answer during the grace closes its connection, so pooled clients reconnect elsewhere.
    expect(ready.headers.get('connection')).toBe('close');
    const live = await fetch(`${server.url}/api/v1/health/live`);
    expect(live.status).toBe(200);
    const api = await fetch(`${server.url}/api/v1/settings/public`);
    expect(api.status).toBe(200);
    expect(await api.json()).toHaveProperty('institutionName');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.child.exitCode).toBeNull();

    const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(code).toBe(0);
    // It waited out the grace period before closing.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    await expect(fetch(`${server.url}/api/v1/health/live`)).rejects.toThrow();
  }, 90_000);
});

/** Several server processes on one database is PostgreSQL's case (PGlite allows one): registered in the PostgreSQL run only. */
if (!embedded) {
  describe('two server processes on one PostgreSQL database', () => {
    // Issue 28 item 4: "Sign out other sessions" ends a session at its next request in every process
    // (decision 0004: the revoking process publishes the invalidation through LISTEN/NOTIFY).
    it(
      'refuses, at its next request on the other process, a session signed out on the sessions page',
      async () => {
        const envA = await baseEnv({ JWT_SECRET: randomBytes(32).toString('hex') });
        const dirB = mkdtempSync(path.join(tmpdir(), 'crs-proc-'));
        dirs.push(dirB);
        const envB = { ...envA, CRS_DATA_DIR: dirB, PORT: String(await freePort()) };
        const [a, b] = await Promise.all([startServer(envA), startServer(envB)]);
        const json = { 'content-type': 'application/json' };
        const email = `proc.${randomBytes(3).toString('hex')}@test.crs`;
        const reg = await fetch(`${a.url}/api/v1/auth/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Process Student', email, phone: '9876543210', password: 'secret123', roles: 'Student' }),
        });
        expect(reg.status).toBe(201);
        const here = { authorization: `Bearer ${((await reg.json()) as { token: string }).token}` };
        const login = await fetch(`${b.url}/api/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret123' }) });
        const there = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
        const me = (url: string, headers: Record<string, string>) => fetch(`${url}/api/v1/auth/users/me`, { headers });
        // Process B has the session cached.
        expect((await me(b.url, there)).status).toBe(200);
        const { sessions } = (await (await fetch(`${a.url}/api/v1/auth/sessions`, { headers: here })).json()) as { sessions: Array<{ id: string; current: boolean }> };
        expect(sessions).toHaveLength(2);
        const other = sessions.find((s) => !s.current)!;
        expect((await fetch(`${a.url}/api/v1/auth/sessions/${other.id}`, { method: 'DELETE', headers: here })).status).toBe(200);
        const until = Date.now() + 3000;
        while ((await me(b.url, there)).status !== 401) {
          if (Date.now() > until) throw new Error('the other process still accepts the signed-out session');
          await new Promise((r) => setTimeout(r, 25));
        }
        expect((await me(b.url, here)).status).toBe(200);
      },
      150_000,
    );
  });
}

/**
 * Issue 29 item 2 (decision 0048): N processes on one database need no shared configuration. With
 * no JWT_SECRET the signing secret is the database's, so a token from one process works on the
 * other; the settings and user caches are dropped in every process on change (LISTEN/NOTIFY).
 * PostgreSQL only, as above.
 */
if (!embedded) {
  describe('two server processes on one PostgreSQL database without JWT_SECRET', () => {
    it(
      "accept each other's tokens, see a settings change at once and refuse a user disabled on the other",
      async () => {
        const envA = await baseEnv();
        expect(envA.JWT_SECRET).toBeUndefined();
        const dirB = mkdtempSync(path.join(tmpdir(), 'crs-proc-'));
        dirs.push(dirB);
        const envB = { ...envA, CRS_DATA_DIR: dirB, PORT: String(await freePort()) };
        const [a, b] = await Promise.all([startServer(envA), startServer(envB)]);
        const json = { 'content-type': 'application/json' };
        const suffix = randomBytes(3).toString('hex');
        const adminEmail = `admin.${suffix}@test.crs`;
        const made = await cli(envA, 'user:create', '--email', adminEmail, '--name', 'Lakshmi Narayanan', '--role', 'SuperAdmin', '--password', 'secret123');
        expect(made.code).toBe(0);
        const login = await fetch(`${a.url}/api/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: adminEmail, password: 'secret123' }) });
        expect(login.status).toBe(200);
        const admin = { ...json, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
        // A token signed by A is good on B.
        expect((await fetch(`${b.url}/api/v1/auth/users/me`, { headers: admin })).status).toBe(200);

        const reg = await fetch(`${a.url}/api/v1/auth/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Karthik Subramanian', email: `student.${suffix}@test.crs`, phone: '9876543210', password: 'secret123', roles: 'Student' }),
        });
        expect(reg.status).toBe(201);
        const registered = (await reg.json()) as { token: string; user: { _id: string } };
        const student = { authorization: `Bearer ${registered.token}` };
        const meOnB = () => fetch(`${b.url}/api/v1/auth/users/me`, { headers: student });
        expect((await meOnB()).status).toBe(200); // B now has the user cached

        /** Polls `check` on B until it holds; the time it took (LISTEN/NOTIFY is asynchronous, but quick). */
        const until = async (what: string, check: () => Promise<boolean>) => {
          const started = Date.now();
          while (!(await check())) {
            if (Date.now() - started > 2000) throw new Error(`process B: ${what} not seen within 2 s`);
            await new Promise((r) => setTimeout(r, 10));
          }
          return Date.now() - started;
        };

        // Settings: B caches them, A saves a new name, B answers with it.
        const nameOnB = async () => ((await (await fetch(`${b.url}/api/v1/settings/public`)).json()) as { institutionName: string }).institutionName;
        const before = await nameOnB();
        const renamed = `Sri Venkateswara College of Engineering ${suffix}`;
        expect(before).not.toBe(renamed);
        const saved = await fetch(`${a.url}/api/v1/settings`, { method: 'PATCH', headers: admin, body: JSON.stringify({ institutionName: renamed }) });
        expect(saved.status).toBe(200);
        expect(await until('the new institution name', async () => (await nameOnB()) === renamed)).toBeLessThan(2000);

        // Users: disabled on A, refused on B at its next requests.
        const disabled = await fetch(`${a.url}/api/v1/users/${registered.user._id}/disable`, { method: 'POST', headers: admin, body: '{}' });
        expect(disabled.status).toBe(200);
        await until('the disabled account refused', async () => (await meOnB()).status === 401);
        expect((await fetch(`${b.url}/api/v1/auth/users/me`, { headers: admin })).status).toBe(200);
      },
      150_000,
    );
  });
}

describe('bad configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['JWT_SECRET', 'short'],
  ])('exits 2 naming %s=%j', async (name, value) => {
    const env = { ...(await baseEnv()), [name]: value };
    const r = run(SERVER, [], env);
    expect(await r.exited).toBe(2);
    expect(r.stderr()).toContain(`${name}:`);
    expect(r.stderr()).not.toContain('    at '); // a message, not a stack trace
    expect(r.stdout()).not.toContain('CRS is running');
  });
});
