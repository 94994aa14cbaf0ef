import { existsSync, readFileSync, rmSync } from 'node:fs';
import { STATE_FILE, type E2EServer } from './global-setup';

/** Stops the servers that global-setup started (by their pids) and removes their data directories. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return;
  const servers = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EServer[];
  rmSync(STATE_FILE);
  await Promise.all(servers.map(stop));
}

async function stop({ pid, dataDir }: E2EServer): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 12_000;
  while (Date.now() < deadline && isAlive(pid)) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
