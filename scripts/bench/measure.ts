// What the search, import and alumni parts of the bench share: latency probes, seeding through
// the CLI, and the two databases a scale run uses (each made fresh and removed after).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fmt, freshPgDatabase, root } from './server.ts';

export const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/**
 * Untimed requests before each probe. 20 were too few for a steady state: on a freshly started
 * server with 100k alumni, three timed passes of the same queries gave `q=kavya` p95 14.9, 11.3 and
 * 10.5 ms (server CPU 9.6, 7.2, 6.7 ms a request), so whichever role the bench measured first
 * paid the JIT's and the database cache's warm-up (2026-11-25, docs/benchmarks/0021-alumni-directory.md).
 */
const WARM_UP = 100;

/** Sequential requests over one keep-alive connection: per-request latency, not queueing. */
export async function probe(url: string, headers: Record<string, string>, n: number) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP; i++) await (await fetch(url, { headers })).arrayBuffer();
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), rps: (n * 1000) / total };
}

/** Sequential requests to one path until `until` settles: the latency a user would see meanwhile. */
export async function probeWhile(url: string, headers: Record<string, string>, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** Runs a seeding CLI command (`db:seed-books`, `db:seed-alumni`) with `--count` against `env`'s database. */
export function seedWith(env: Record<string, string>, command: string, count: number, what: string): void {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', command, '--count', String(count)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${command} failed`);
  console.log(`(seeded ${fmt(count)} ${what} in ${fmt((Date.now() - t0) / 1000, 1)} s)`);
}

export type ScaleRun = { name: 'pglite' | 'postgresql'; size: number; aim: number; env: () => Promise<{ env: Record<string, string>; done(): Promise<void> }> };

/** An embedded run in a fresh data folder (removed after), and a PostgreSQL run in a fresh database when `pgUrl` is set. */
export function scaleRuns(pgUrl: string | undefined, pglite: { size: number; aim: number }, postgresql: { size: number; aim: number }): ScaleRun[] {
  const runs: ScaleRun[] = [
    {
      name: 'pglite',
      ...pglite,
      env: async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'crs-bench-scale-'));
        return { env: { CRS_DATA_DIR: dir }, done: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  if (pgUrl) {
    runs.push({
      name: 'postgresql',
      ...postgresql,
      env: async () => {
        const db = await freshPgDatabase(pgUrl);
        return { env: { DATABASE_URL: db.url }, done: db.drop };
      },
    });
  }
  return runs;
}
