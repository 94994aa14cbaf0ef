import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type RunningServer = { url: string; dataDir: string; stop(): Promise<void> };

/** Starts the real server (its own process, as `npm start` does) and waits until it is ready. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, CRS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
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
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `url` until it answers 2xx; fails if `child` exits first or after 60 s. */
async function waitReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
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
export async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitReady(child, url).catch(async (err: unknown) => {
    await stopChild(child);
    throw err;
  });
  return { url, stop: () => stopChild(child) };
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

export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

/** autocannon against one URL: 50 connections for `seconds`. */
export async function load(url: string, opts: { seconds: number; headers?: Record<string, string>; connections?: number }): Promise<Load> {
  const r = await autocannon({ url, connections: opts.connections ?? 50, duration: opts.seconds, headers: opts.headers });
  return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
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
