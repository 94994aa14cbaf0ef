import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
export const STATE_FILE = path.join(webDir, 'test-results', 'e2e-server.json');

/** One server of the run: what a worker needs (its URL and log) and what teardown stops. */
export type E2EServer = { url: string; logFile: string; pid: number; dataDir: string };

/**
 * Builds the client (unless CRS_E2E_SKIP_BUILD=1) and starts one real server per worker, each on a
 * fresh data directory at CRS_E2E_PORT + i: a worker's spec files share its server as they shared
 * the single one before, and never see another worker's changes (renamed institution, approval off,
 * registered users), so two workers run what one did, in about half the time on two cores.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.CRS_E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const count = Math.max(1, config.workers);
  // With several workers the demo college is seeded once, by a first server that then stops, and every
  // worker's server starts on its own copy of that data directory: a seed costs ~20 CPU-s, a start on a
  // seeded copy a few (decision 0034).
  const dataDirs: Array<string | undefined> = Array.from({ length: count }, () => undefined);
  if (count > 1) {
    const first = await startServer(E2E_PORT, 0, count);
    await stopServer(first.pid);
    dataDirs[0] = first.dataDir;
    for (let i = 1; i < count; i++) {
      dataDirs[i] = mkdtempSync(path.join(tmpdir(), 'crs-e2e-'));
      cpSync(first.dataDir, dataDirs[i]!, { recursive: true });
    }
  }
  const started: E2EServer[] = [];
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startServer(E2E_PORT + i, i, count, dataDirs[i]).then((s) => (started.push(s), s))),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    // Playwright runs no teardown after a failed setup: stop the servers that did start.
    for (const s of started) process.kill(s.pid, 'SIGTERM');
    throw failed.reason;
  }
  const servers = results.map((r) => (r as PromiseFulfilledResult<E2EServer>).value);
  writeFileSync(STATE_FILE, JSON.stringify(servers));
  // Workers inherit the environment globalSetup leaves: each picks its server by parallel index (e2e/utils.ts).
  process.env.CRS_E2E_SERVERS = JSON.stringify(servers.map(({ url, logFile }) => ({ url, logFile })));
}

/** Starts a server on `dataDir` (a fresh one when not given: the server seeds the demo college into it). */
async function startServer(port: number, index: number, count: number, dataDir = mkdtempSync(path.join(tmpdir(), 'crs-e2e-'))): Promise<E2EServer> {
  const base = `http://127.0.0.1:${port}`;
  if (await isUp(base)) throw new Error(`Port ${port} is already in use; set CRS_E2E_PORT so that ports ${E2E_PORT}–${E2E_PORT + count - 1} are free.`);

  const logFile = path.join(webDir, 'test-results', count === 1 ? 'e2e-server.log' : `e2e-server-${index}.log`);
  const log = createWriteStream(logFile);
  // Every spec's browser and API calls come from 127.0.0.1 and a few demo accounts, faster than a
  // person: the rate limit stays on (its hooks run) but far above what a run sends (decision 0031).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CRS_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_IP: '1000000',
    RATE_LIMIT_USER: '1000000',
    // No load balancer to drain from: stop at once on the teardown's SIGTERM (decision 0048).
    SHUTDOWN_GRACE_SECONDS: '0',
  };
  delete env.NODE_ENV;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  let exited: number | null = null;
  server.on('exit', (code) => (exited = code ?? -1));

  // The demo seed (a college with eight weeks of attendance) takes a while on a busy 2-core machine,
  // longer still while every worker's server seeds at once.
  const deadline = Date.now() + 240_000;
  while (!(await isUp(base))) {
    if (exited !== null) throw new Error(`The server at ${base} exited with code ${exited}; see ${logFile}`);
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`The server at ${base} did not become ready within 240 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url: base, logFile, pid: server.pid!, dataDir };
}

/** SIGTERM, and resolves once the process has exited (it releases its data directory's lock). */
async function stopServer(pid: number): Promise<void> {
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`The seeding server (pid ${pid}) did not stop within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function isUp(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/v1/health/ready`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
