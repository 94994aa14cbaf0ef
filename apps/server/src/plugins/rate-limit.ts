import type { FastifyInstance, onRequestHookHandler, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/errors.ts';
import { addressKey, RateCounter } from '../lib/rate-limit.ts';
import type { RateLimitStore } from '../lib/rate-limit.ts';
import type { Access } from './access.ts';

export type RateLimitOptions = {
  /** Requests per window per client address and per signed-in user; 0 turns that limit off. */
  ip: number;
  user: number;
  windowMs: number;
  /** The shared counters; made only when a limit is on (the root passes the ratelimit module's). */
  store: () => RateLimitStore;
  /** How often counted hits go to the store (ms). */
  flushMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every hit counted so far to the shared store (tests; shutdown does it itself). */
    rateLimit: { flush(): Promise<void> };
  }
}

/** Whether the rate limit guards a route: every /api/v1 route but health (probes). */
export const rateLimitedUrl = (url: string): boolean => url.startsWith('/api/v1/') && !url.startsWith('/api/v1/health');

/**
 * The API rate limit (decision 0031): per client address on every /api/v1 route but health
 * (probes), and per signed-in user once the access check has found the principal. Over either
 * limit: 429 RATE_LIMITED with Retry-After. Counting is in memory (no store round trip on a
 * request); the counts go to the shared store in batches. Register before the access plugin so
 * the address check runs before authentication.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  if (opts.ip === 0 && opts.user === 0) {
    app.decorate('rateLimit', { flush: async () => {} });
    return;
  }
  const store = opts.store();
  let failing = false;
  const counter = new RateCounter({
    windowMs: opts.windowMs,
    store,
    onError: (err) => {
      // Once per outage, not every flush: meanwhile each process counts alone.
      if (!failing) app.log.warn({ err }, 'rate-limit store unavailable; counting in this process only');
      failing = true;
    },
    onStored: () => {
      if (failing) app.log.info('rate-limit store reachable again');
      failing = false;
    },
  });
  const timer = setInterval(() => counter.tick(), opts.flushMs ?? 250);
  timer.unref();
  app.decorate('rateLimit', {
    flush: async () => {
      await counter.flush();
    },
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await counter.flush();
    await store.close();
  });

  const byAddress: onRequestHookHandler = (request, _reply, done) => {
    const wait = counter.hit(`ip:${addressKey(request.ip)}`, opts.ip);
    done(wait === 0 ? undefined : rateLimited(wait / 1000, opts.ip));
  };
  // preParsing runs after every onRequest hook, so the route's access check has set the principal,
  // and a refused body is never read.
  const byUser: preParsingHookHandler = (request, _reply, payload, done) => {
    const principal = request.principal;
    const wait = principal ? counter.hit(`user:${principal.user.id}`, opts.user) : 0;
    if (wait === 0) done(null, payload);
    else done(rateLimited(wait / 1000, opts.user));
  };

  // Hooks on the limited routes only (as the access check, decision 0018): static files, health
  // and unknown paths run none.
  app.addHook('onRoute', (route) => {
    if (!rateLimitedUrl(route.url)) return;
    if (opts.ip > 0) route.onRequest = [...[route.onRequest ?? []].flat(), byAddress];
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (opts.user > 0 && access !== 'public') route.preParsing = [...[route.preParsing ?? []].flat(), byUser];
  });
});
