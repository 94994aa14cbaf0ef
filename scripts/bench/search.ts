import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aimAtMost } from './aims.ts';
import { fmt, freshPgDatabase, login, root, startServer } from './server.ts';

type Probe = { label: string; path: string; auth: boolean };

const PROBES: Probe[] = [
  { label: 'health (baseline)', path: '/api/v1/health', auth: false },
  { label: 'rare word', path: '/api/v1/library/books?q=quasicrystal', auth: true },
  { label: 'common word', path: '/api/v1/library/books?q=introduction', auth: true },
  { label: 'prefix', path: '/api/v1/library/books?q=comput', auth: true },
  { label: 'partial word', path: '/api/v1/library/books?q=puter', auth: true },
  { label: 'author', path: '/api/v1/library/books?q=Tanaka', auth: true },
  { label: 'two letters', path: '/api/v1/library/books?q=in', auth: true },
  { label: 'empty (catalogue)', path: '/api/v1/library/books', auth: true },
];

/** Sequential requests over one keep-alive connection: per-request latency, not queueing. */
async function probe(url: string, headers: Record<string, string>, n: number) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
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
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), rps: (n * 1000) / total };
}

function seedBooks(env: Record<string, string>, count: number): void {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'db:seed-books', '--count', String(count)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('db:seed-books failed');
  console.log(`(seeded ${fmt(count)} books in ${fmt((Date.now() - t0) / 1000, 1)} s)`);
}

/**
 * Catalogue search at scale: 100k books on the embedded database, 1M on PostgreSQL
 * (BENCH_PG_BOOKS), p50/p95 and req/s per query kind next to the health route, same run.
 * Aim: the worst query's p95 ≤ 15 ms (PGlite, 100k) and ≤ 30 ms (PostgreSQL, 1M) (issue 9).
 */
export async function searchBench(opts: { pgUrl: string | undefined; requests: number }): Promise<void> {
  console.log('## Library: catalogue search (sequential requests, one connection)');
  const runs: Array<{ name: string; books: number; aim: number; env: () => Promise<{ env: Record<string, string>; done(): Promise<void> }> }> = [
    {
      name: 'pglite',
      books: Number(process.env.BENCH_PGLITE_BOOKS ?? 100_000),
      aim: 15,
      env: async () => ({ env: { CRS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'crs-bench-search-')) }, done: async () => {} }),
    },
  ];
  if (opts.pgUrl) {
    const pgUrl = opts.pgUrl;
    runs.push({
      name: 'postgresql',
      books: Number(process.env.BENCH_PG_BOOKS ?? 1_000_000),
      aim: 30,
      env: async () => {
        const db = await freshPgDatabase(pgUrl);
        return { env: { DATABASE_URL: db.url }, done: db.drop };
      },
    });
  }
  for (const run of runs) {
    const { env, done } = await run.env();
    try {
      console.log(`${run.name}: ${fmt(run.books)} synthetic books + the demo catalogue`);
      seedBooks(env, run.books);
      const server = await startServer(env);
      try {
        const token = await login(server.url, 'student@demo.crs');
        console.log('query               p50 ms   p95 ms    req/s   vs health');
        let healthRps = 0;
        let worstP95 = 0;
        let worst = '';
        for (const p of PROBES) {
          const r = await probe(`${server.url}${p.path}`, p.auth ? { authorization: `Bearer ${token}` } : {}, opts.requests);
          if (!p.auth) healthRps = r.rps;
          else if (r.p95 > worstP95) [worstP95, worst] = [r.p95, p.label];
          const ratio = p.auth && healthRps ? fmt(r.rps / healthRps, 2) : '';
          console.log(`${p.label.padEnd(18)} ${fmt(r.p50, 1).padStart(7)}  ${fmt(r.p95, 1).padStart(7)}  ${fmt(r.rps).padStart(7)}   ${ratio}`);
        }
        console.log(`worst search p95: ${fmt(worstP95, 1)} ms, ${worst} (aim ≤ ${run.aim} ms)\n`);
        const size = run.books >= 1_000_000 ? `${run.books / 1_000_000}M` : `${run.books / 1000}k`;
        aimAtMost(`search worst p95 (${run.name} ${size})`, worstP95, run.aim, 1, ' ms');
      } finally {
        await server.stop();
      }
    } finally {
      await done();
    }
  }
}
