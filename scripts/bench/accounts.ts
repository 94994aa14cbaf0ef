import { aimAtLeast, aimHolds } from './aims.ts';
import type { Load } from './server.ts';
import { fmt, freshPgDatabase, load, login, measureBare, startServer } from './server.ts';

/**
 * Hot authenticated read against a bare Fastify route, in the same run: GET /auth/users/me
 * (JWT check + session and user from the auth cache) and GET /health of the app, each as a ratio
 * to the bare route (scripts/bench/bare-server.ts), measured right before them for each database.
 * Aims: health/bare ≥ 0.8, me/bare ≥ 0.5, and revocation stays immediate (decisions 0004, 0018).
 */
export async function accountsBench(opts: { seconds: number; pgUrl: string | undefined }): Promise<void> {
  console.log('## Accounts: GET /api/v1/health and GET /api/v1/auth/users/me vs a bare Fastify route');
  console.log('database     route     req/s      p50 ms  p97.5 ms  p99 ms  errors  ratio');
  const targets: Array<{ name: string; env: () => Promise<{ env: Record<string, string>; done(): Promise<void> }> }> = [
    { name: 'pglite', env: async () => ({ env: {}, done: async () => {} }) },
  ];
  if (opts.pgUrl) {
    const pgUrl = opts.pgUrl;
    targets.push({
      name: 'postgresql',
      env: async () => {
        const db = await freshPgDatabase(pgUrl);
        return { env: { DATABASE_URL: db.url }, done: db.drop };
      },
    });
  }
  for (const target of targets) {
    const { env, done } = await target.env();
    const row = (route: string, r: Load, ratio = '') =>
      console.log(
        `${target.name.padEnd(12)} ${route.padEnd(9)} ${fmt(r.rps).padStart(8)}  ${fmt(r.p50).padStart(6)}  ${fmt(r.p95).padStart(8)}  ${fmt(r.p99).padStart(6)}  ${String(r.errors + r.non2xx).padStart(6)}  ${ratio}`,
      );
    try {
      // The baseline next to each database's figures: the machine's load drifts during a run.
      const bare = await measureBare(opts.seconds);
      row('bare', bare);
      const server = await startServer(env);
      try {
        const token = await login(server.url, 'student@demo.crs');
        const auth = { authorization: `Bearer ${token}` };
        // Warm up JIT and caches before measuring.
        await load(`${server.url}/api/v1/health`, { seconds: 2 });
        await load(`${server.url}/api/v1/auth/users/me`, { seconds: 2, headers: auth });
        const health = await load(`${server.url}/api/v1/health`, { seconds: opts.seconds });
        const me = await load(`${server.url}/api/v1/auth/users/me`, { seconds: opts.seconds, headers: auth });
        row('health', health, `health/bare ${fmt(health.rps / bare.rps, 2)}`);
        row('me', me, `me/bare ${fmt(me.rps / bare.rps, 2)}  me/health ${fmt(me.rps / health.rps, 2)}`);
        aimAtLeast(`health/bare (${target.name})`, health.rps / bare.rps, 0.8);
        aimAtLeast(`me/bare (${target.name})`, me.rps / bare.rps, 0.5);
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
  console.log('');
}
