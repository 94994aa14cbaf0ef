import { aimAtMost } from './aims.ts';
import { probe, scaleRuns, seedWith } from './measure.ts';
import { fmt, login, startServer } from './server.ts';

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

/**
 * Catalogue search at scale: 100k books on the embedded database, 1M on PostgreSQL
 * (BENCH_PG_BOOKS), p50/p95 and req/s per query kind next to the health route, same run.
 * Aim: the worst query's p95 ≤ 15 ms (PGlite, 100k) and ≤ 30 ms (PostgreSQL, 1M) (issue 9).
 */
export async function searchBench(opts: { pgUrl: string | undefined; requests: number }): Promise<void> {
  console.log('## Library: catalogue search (sequential requests, one connection)');
  const runs = scaleRuns(
    opts.pgUrl,
    { size: Number(process.env.BENCH_PGLITE_BOOKS ?? 100_000), aim: 15 },
    { size: Number(process.env.BENCH_PG_BOOKS ?? 1_000_000), aim: 30 },
  );
  for (const run of runs) {
    const { env, done } = await run.env();
    try {
      console.log(`${run.name}: ${fmt(run.size)} synthetic books + the demo catalogue`);
      seedWith(env, 'db:seed-books', run.size, 'books');
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
        const size = run.size >= 1_000_000 ? `${run.size / 1_000_000}M` : `${run.size / 1000}k`;
        aimAtMost(`search worst p95 (${run.name} ${size})`, worstP95, run.aim, 1, ' ms');
      } finally {
        await server.stop();
      }
    } finally {
      await done();
    }
  }
}
