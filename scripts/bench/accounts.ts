import { aimAtLeast, aimHolds } from './aims.ts';
import type { Load } from './server.ts';
import { databaseTargets, fmt, load, login, recordBareRps, startBare, startServer } from './server.ts';

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Hot authenticated read against a bare Fastify route, in the same run: GET /auth/users/me
 * (JWT check + session and user from the auth cache) and GET /health of the app, each as a ratio
 * to the bare route (scripts/bench/bare-server.ts). The machine's load drifts, so the three are
 * measured in turn for ROUNDS rounds and each ratio is the median of its rounds' ratios. Also in
 * each round: the bare route carrying the headers of the app's API answers (bare-headers-server.ts),
 * so the app's own cost shows apart from the header bytes every answer must carry.
 * Aims: health/bare ≥ 0.8, health/bare+hdrs ≥ 0.95, me/bare ≥ 0.5, and revocation stays immediate
 * (decisions 0004, 0018, 0042).
 */
export async function accountsBench(opts: { seconds: number; pgUrl: string | undefined }): Promise<void> {
  const seconds = Math.max(2, Math.round(opts.seconds / 2));
  console.log(`## Accounts: GET /api/v1/health and GET /api/v1/auth/users/me vs a bare Fastify route (${ROUNDS} rounds of ${seconds}s each, medians)`);
  console.log('database     route     req/s      p50 ms  p97.5 ms  p99 ms  errors  cpu µs/req  ratio (req/s; server CPU per request in brackets)');
  const targets = databaseTargets(opts.pgUrl);
  const bare = await startBare();
  // The bare route with the API answers' headers: what the headers alone cost.
  const bareHeaders = await startBare('scripts/bench/bare-headers-server.ts');
  const bareRounds: number[] = [];
  try {
    for (const target of targets) {
      const { env, done } = await target.env();
      const row = (route: string, r: Load, ratio = '') =>
        console.log(
          `${target.name.padEnd(12)} ${route.padEnd(9)} ${fmt(r.rps).padStart(8)}  ${fmt(r.p50).padStart(6)}  ${fmt(r.p95).padStart(8)}  ${fmt(r.p99).padStart(6)}  ${String(r.errors + r.non2xx).padStart(6)}  ${(r.cpuUs === undefined ? '' : fmt(r.cpuUs, 1)).padStart(10)}  ${ratio}`,
        );
      try {
        const server = await startServer(env);
        try {
          const token = await login(server.url, 'student@demo.crs');
          const auth = { authorization: `Bearer ${token}` };
          const urls = { bare: bare.url, bareHeaders: bareHeaders.url, health: `${server.url}/api/v1/health`, me: `${server.url}/api/v1/auth/users/me` };
          // Warm up JIT and caches before measuring.
          for (const url of Object.values(urls)) await load(url, { seconds: 2, headers: auth });
          const runs: Record<'bare' | 'bareHeaders' | 'health' | 'me', Load[]> = { bare: [], bareHeaders: [], health: [], me: [] };
          for (let i = 0; i < ROUNDS; i++) {
            runs.bare.push(await load(urls.bare, { seconds, pid: bare.pid }));
            runs.bareHeaders.push(await load(urls.bareHeaders, { seconds, pid: bareHeaders.pid }));
            runs.health.push(await load(urls.health, { seconds, pid: server.pid }));
            runs.me.push(await load(urls.me, { seconds, headers: auth, pid: server.pid }));
          }
          type Route = keyof typeof runs;
          const ratio = (route: Route, base: Route = 'bare') => median(runs[route].map((r, i) => r.rps / runs[base][i]!.rps));
          // The same ratio from the server's CPU per request (base's µs / route's µs), if measured.
          const cpuRatio = (route: Route, base: Route = 'bare') => {
            const xs = runs[route].map((r, i) => (r.cpuUs && runs[base][i]!.cpuUs ? runs[base][i]!.cpuUs! / r.cpuUs : NaN));
            return xs.some(Number.isNaN) ? '' : ` [${fmt(median(xs), 2)}]`;
          };
          // The round with the median throughput stands for each route in the table.
          const typical = (rs: Load[]) => rs.find((r) => r.rps === median(rs.map((x) => x.rps)))!;
          bareRounds.push(...runs.bare.map((r) => r.rps));
          row('bare', typical(runs.bare));
          row('bare+hdrs', typical(runs.bareHeaders), `bare+hdrs/bare ${fmt(ratio('bareHeaders'), 2)}${cpuRatio('bareHeaders')} (the same route with the API answers' headers)`);
          row('health', typical(runs.health), `health/bare ${fmt(ratio('health'), 2)}${cpuRatio('health')}  health/bare+hdrs ${fmt(ratio('health', 'bareHeaders'), 2)}${cpuRatio('health', 'bareHeaders')}`);
          row('me', typical(runs.me), `me/bare ${fmt(ratio('me'), 2)}${cpuRatio('me')}  me/health ${fmt(ratio('me', 'health'), 2)}${cpuRatio('me', 'health')}`);
          aimAtLeast(`health/bare (${target.name})`, ratio('health'), 0.8);
          aimAtLeast(`health/bare+hdrs (${target.name})`, ratio('health', 'bareHeaders'), 0.95);
          aimAtLeast(`me/bare (${target.name})`, ratio('me'), 0.5);
          // Immediate revocation still holds with the cache: log out, then the same token must fail.
          const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: auth });
          const after = await fetch(`${server.url}/api/v1/auth/users/me`, { headers: auth });
          console.log(`${target.name.padEnd(12)} revocation: logout ${out.status}, next request with the same token ${after.status} (expect 401)`);
          aimHolds(`revocation immediate (${target.name})`, out.ok && after.status === 401, 'logout then the same token → 401');
        } finally {
          await server.stop();
        }
      } finally {
        await done();
      }
    }
  } finally {
    await bare.stop();
    await bareHeaders.stop();
  }
  recordBareRps(median(bareRounds));
  console.log('');
}
