// Sign-in with the college's identity provider (issue 28 aim): server time CRS adds over the
// provider's own answers ≤ 100 ms per sign-in, against a real in-process OpenID Provider.
import { TestOp } from '../../apps/server/test/oidc-op.ts';
import { aimAtMost } from './aims.ts';
import { probe, quantile } from './measure.ts';
import { fmt, startServer } from './server.ts';

const CLIENT = { clientId: 'crs-bench', clientSecret: 'crs-bench-secret-0123456789abcdef' };
const WARMUP = 5;

/**
 * Sequential provider sign-ins through the server's provider `default` (OIDC_* variables): start →
 * (the provider's login, played by this process) → callback (code exchange at the provider, ID
 * token checks, just-in-time account) → one-time code exchange. Each sign-in's CRS time is the
 * time of its three CRS requests less the time the provider spent answering CRS meanwhile
 * (discovery, token endpoint, JWKS), measured inside the provider.
 */
export async function oidcBench(opts: { requests: number }): Promise<void> {
  const n = Math.max(20, Math.min(opts.requests, 200));
  console.log(`## Sign-in with an identity provider (node-oidc-provider in-process; embedded database, ${n} sequential sign-ins, each a new account)`);
  const op = await TestOp.start([]);
  const server = await startServer({ OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret, OIDC_LABEL: 'Bench college', OIDC_ALLOWED_DOMAINS: 'bench.edu' });
  try {
    op.addClient({ ...CLIENT, redirectUris: [`${server.url}/api/v1/auth/oidc/default/callback`] });
    const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; providerMs: number }> => {
      const busy = op.busyMs;
      const t0 = performance.now();
      const value = await fn();
      return { value, ms: performance.now() - t0, providerMs: op.busyMs - busy };
    };
    const crs: number[] = [];
    const provider: number[] = [];
    for (let i = 0; i < WARMUP + n; i++) {
      const id = `bench-${i}-${Date.now()}`;
      op.accounts.set(id, { sub: id, email: `${id}@bench.edu`, email_verified: true, name: `Bench Student ${i}` });
      const start = await timed(() => fetch(`${server.url}/api/v1/auth/oidc/default/start?returnTo=/dashboard`, { redirect: 'manual' }));
      const t0 = performance.now();
      const back = await op.authorize(start.value.headers.get('location')!, id);
      const browserAtProvider = performance.now() - t0;
      const cb = await timed(() => fetch(back, { redirect: 'manual' }));
      const fragment = new URLSearchParams(cb.value.headers.get('location')!.split('#')[1]);
      const code = fragment.get('code');
      if (!code) throw new Error(`sign-in ${i} refused: ${fragment.get('error')} ${fragment.get('message')}`);
      const ex = await timed(() => fetch(`${server.url}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) }));
      if (ex.value.status !== 200) throw new Error(`exchange ${i}: ${ex.value.status}`);
      await ex.value.arrayBuffer();
      if (i < WARMUP) continue;
      crs.push(start.ms + cb.ms + ex.ms - start.providerMs - cb.providerMs - ex.providerMs);
      provider.push(start.providerMs + cb.providerMs + ex.providerMs + browserAtProvider);
    }
    const health = await probe(`${server.url}/api/v1/health`, {}, 200);
    crs.sort((a, b) => a - b);
    provider.sort((a, b) => a - b);
    console.log('                                   p50 ms   p95 ms');
    console.log(`${'health (baseline)'.padEnd(34)} ${fmt(health.p50, 1).padStart(7)}  ${fmt(health.p95, 1).padStart(7)}`);
    console.log(`${"provider's own answers / sign-in".padEnd(34)} ${fmt(quantile(provider, 0.5), 1).padStart(7)}  ${fmt(quantile(provider, 0.95), 1).padStart(7)}`);
    console.log(`${'CRS server time / sign-in'.padEnd(34)} ${fmt(quantile(crs, 0.5), 1).padStart(7)}  ${fmt(quantile(crs, 0.95), 1).padStart(7)}`);
    aimAtMost('oidc sign-in server time p95', quantile(crs, 0.95), 100, 1, ' ms');
    console.log('');
  } finally {
    await server.stop();
    await op.close();
  }
}
