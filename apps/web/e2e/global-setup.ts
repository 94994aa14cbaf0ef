import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../playwright.config';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
export const STATE_FILE = path.join(webDir, 'test-results', 'e2e-server.json');

/** Builds the client (unless CRS_E2E_SKIP_BUILD=1) and starts the real server on a fresh data directory. */
export default async function globalSetup(): Promise<void> {
  if (process.env.CRS_E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  const base = `http://127.0.0.1:${E2E_PORT}`;
  if (await isUp(base)) throw new Error(`Port ${E2E_PORT} is already in use; set CRS_E2E_PORT to a free port.`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-e2e-'));
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const logFile = path.join(webDir, 'test-results', 'e2e-server.log');
  const log = createWriteStream(logFile);
  // Every spec's browser and API calls come from 127.0.0.1 and a few demo accounts, faster than a
  // person: the rate limit stays on (its hooks run) but far above what a run sends (decision 0031).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    CRS_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_IP: '1000000',
    RATE_LIMIT_USER: '1000000',
  };
  delete env.NODE_ENV;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exited: number | null = null;
  server.on('exit', (code) => (exited = code ?? -1));

  // The demo seed (a college with eight weeks of attendance) takes a while on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (!(await isUp(base))) {
    if (exited !== null) throw new Error(`The server exited with code ${exited}; see ${logFile}`);
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`The server did not become ready within 180 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, dataDir, logFile }));
  process.env.CRS_E2E_LOG = logFile;
}

async function isUp(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/v1/health/ready`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
