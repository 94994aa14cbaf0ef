import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

/** A port to listen on: the next free one of BENCH_PORTS (`first-last`) when set, else any the system gives. */
let nextPort = 0;
export async function freePort(): Promise<number> {
  const range = process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/);
  if (!range) return listenOn(0);
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let i = 0; i <= last - first; i++) {
    const port = first + (nextPort++ % (last - first + 1));
    const ok = await listenOn(port).catch(() => 0);
    if (ok) return ok;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(port, '127.0.0.1', () => {
      const got = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(got));
    });
    s.on('error', reject);
  });
}

export type RunningServer = { url: string; dataDir: string; pid: number | undefined; stop(): Promise<void> };

/** Starts the real server (its own process, as `npm start` does) and waits until it is ready. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    // The load comes from one address and one account far faster than people: the rate limit stays
    // on, so its cost is measured, but out of reach (decision 0031).
    env: { ...process.env, CRS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_IP: '1000000000', RATE_LIMIT_USER: '1000000000', SHUTDOWN_GRACE_SECONDS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(child, `${url}/api/v1/health/ready`).catch(async (err: unknown) => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url,
    dataDir,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `url` until it answers 2xx; fails if `child` exits first or after 180 s: a first start seeds
 * the demo college, which took over 60 s on two cores shared with seven other workers (issue 26).
 */
async function waitReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};

/**
 * The baseline every throughput is compared with: a bare Fastify route answering `{status:"ok"}`
 * (scripts/bench/bare-server.ts) in its own process on the same Node.
 */
export async function startBare(script = 'scripts/bench/bare-server.ts'): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitReady(child, url).catch(async (err: unknown) => {
    await stopChild(child);
    throw err;
  });
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

/**
 * The bare route's throughput in this run (autocannon, same settings as every other load), set by
 * the accounts bench (the median of its rounds) for every part of the bench that compares with it.
 */
export let bareRps: number | undefined;
export const recordBareRps = (rps: number) => {
  bareRps = rps;
};

export async function login(url: string, email: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** `cpuUs`: the server process's CPU time (user + system) per request, when its pid was given (Linux). */
export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; cpuUs?: number };

/** CPU time in ms a process has used (user + system), from /proc; undefined where there is none. */
export function cpuMs(pid: number | undefined, thread: 'process' | 'main' = 'process'): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The main thread's own figure (its task id is the pid) leaves out the embedded database's thread and libuv's pool.
    const fields = readFileSync(thread === 'main' ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

/**
 * autocannon against one URL: 50 connections for `seconds`. With the server's `pid`, also its CPU
 * time per request: on cores shared with other work the load generator, not the server, may set the
 * pace, and then req/s ratios drift towards 1 while CPU per request still shows the server's cost.
 */
export async function load(url: string, opts: { seconds: number; headers?: Record<string, string>; connections?: number; pid?: number }): Promise<Load> {
  const before = cpuMs(opts.pid);
  const r = await autocannon({ url, connections: opts.connections ?? 50, duration: opts.seconds, headers: opts.headers });
  const after = cpuMs(opts.pid);
  const cpuUs = before !== undefined && after !== undefined && r.requests.total > 0 ? ((after - before) * 1000) / r.requests.total : undefined;
  return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, cpuUs };
}

/** A fresh PostgreSQL database for one benchmark run; dropped by the returned function. */
export async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `crs_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A database a bench part runs its server on: the environment to give it, and how to clean up. */
export type DatabaseTarget = { name: string; env: () => Promise<{ env: Record<string, string>; done(): Promise<void> }> };

/** The embedded database, and with `pgUrl` a fresh PostgreSQL database (dropped by `done`). */
export function databaseTargets(pgUrl: string | undefined): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', env: async () => ({ env: {}, done: async () => {} }) }];
  if (pgUrl) {
    targets.push({
      name: 'postgresql',
      env: async () => {
        const db = await freshPgDatabase(pgUrl);
        return { env: { DATABASE_URL: db.url }, done: db.drop };
      },
    });
  }
  return targets;
}
