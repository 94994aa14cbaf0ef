import { fmt, freshPgDatabase, load, login, startServer } from './server.ts';

/**
 * Hot authenticated read against the bare health route, in the same run: GET /auth/users/me
 * (JWT check + session and user from the auth cache) vs GET /health. Aim: ratio ≥ 0.25.
 */
export async function accountsBench(opts: { seconds: number; pgUrl: string | undefined }): Promise<void> {
  console.log('## Accounts: GET /api/v1/auth/users/me vs GET /api/v1/health');
  console.log('database     route     req/s      p50 ms  p97.5 ms  p99 ms  errors  ratio me/health');
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
    const server = await startServer(env);
    try {
      const token = await login(server.url, 'student@demo.crs');
      // Warm up JIT and caches before measuring.
      await load(`${server.url}/api/v1/auth/users/me`, { seconds: 2, headers: { authorization: `Bearer ${token}` } });
      const health = await load(`${server.url}/api/v1/health`, { seconds: opts.seconds });
      const me = await load(`${server.url}/api/v1/auth/users/me`, { seconds: opts.seconds, headers: { authorization: `Bearer ${token}` } });
      const row = (route: string, r: typeof health, ratio = '') =>
        console.log(
          `${target.name.padEnd(12)} ${route.padEnd(9)} ${fmt(r.rps).padStart(8)}  ${fmt(r.p50).padStart(6)}  ${fmt(r.p95).padStart(8)}  ${fmt(r.p99).padStart(6)}  ${String(r.errors + r.non2xx).padStart(6)}  ${ratio}`,
        );
      row('health', health);
      row('me', me, fmt(me.rps / health.rps, 2));
      // Immediate revocation still holds with the cache: log out, then the same token must fail.
      const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const after = await fetch(`${server.url}/api/v1/auth/users/me`, { headers: { authorization: `Bearer ${token}` } });
      console.log(`${target.name.padEnd(12)} revocation: logout ${out.status}, next request with the same token ${after.status} (expect 401)`);
    } finally {
      await server.stop();
      await done();
    }
  }
  console.log('');
}
