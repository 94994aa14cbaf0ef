import { aimAtMost } from './aims.ts';
import { probe, quantile, scaleRuns, seedWith } from './measure.ts';
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
        const desk = await deskScans(server.url, opts.requests);
        console.log(`desk scan (issue + return by barcode, ${fmt(desk.copies)} copies): p50 ${fmt(desk.p50, 1)} ms, p95 ${fmt(desk.p95, 1)} ms (aim ≤ 30 ms)\n`);
        aimAtMost(`desk scan p95 (${run.name} ${fmt(desk.copies)} copies)`, desk.p95, 30, 1, ' ms');
      } finally {
        await server.stop();
      }
    } finally {
      await done();
    }
  }
}

/**
 * The scanning desk (issue 31): the demo librarian scans a synthetic book's copy out to the demo
 * student and back in, `n` scans (half issues, half returns), sequential, after 40 untimed ones.
 * Aim: p95 ≤ 30 ms at 100k+ copies (embedded) and at 1M books' copies (PostgreSQL).
 */
async function deskScans(url: string, n: number): Promise<{ p50: number; p95: number; copies: number }> {
  const auth = { authorization: `Bearer ${await login(url, 'librarian@demo.crs')}`, 'content-type': 'application/json' };
  const get = async <T>(path: string) => (await (await fetch(`${url}/api/v1${path}`, { headers: auth })).json()) as T;
  const { members } = await get<{ members: Array<{ studentId: string }> }>('/library/members?q=student@demo.crs');
  const { books } = await get<{ books: Array<{ _id: string; copiesAvailable: number }> }>('/library/books?q=quasicrystal');
  const book = books.find((b) => b.copiesAvailable > 0)!;
  const { copies } = await get<{ copies: Array<{ barcode: string; status: string }> }>(`/library/books/${book._id}/copies`);
  const barcode = copies.find((c) => c.status === 'available')!.barcode;
  const { copiesTotal } = await get<{ copiesTotal: number }>('/library/stats');
  const body = JSON.stringify({ member: members[0]!.studentId, barcode });
  const times: number[] = [];
  for (let i = 0; i < n + 40; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v1/library/desk/scan`, { method: 'POST', headers: auth, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`desk scan: ${res.status}`);
    if (i >= 40) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), copies: copiesTotal };
}
