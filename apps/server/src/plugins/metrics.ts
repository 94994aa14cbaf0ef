// Prometheus metrics (issue 29 item 4, decision 0048): GET /metrics in the text format, only with
// `Authorization: Bearer <METRICS_TOKEN>`; without the variable the route answers 404 and no hook
// is installed, so metrics cost nothing when off.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '@crs/shared/messages';
import type { Database } from '../db/client.ts';

/** A gauge whose values are read when Prometheus scrapes (a count in the database). */
export type ScrapedGauge = {
  name: string;
  help: string;
  labelNames: string[];
  read(): Promise<Array<{ labels: Record<string, string>; value: number }>>;
};

export type MetricsOptions = {
  /** METRICS_TOKEN; undefined: metrics are off. */
  token: string | undefined;
  database: Database;
  /** The modules' figures (job queues, mail outbox), wired by the composition root. */
  gauges: ScrapedGauge[];
};

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const digest = (s: string) => createHash('sha256').update(s).digest();

type Child = { count: { inc(): void }; duration: { observe(v: number): void } };

export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const { token } = opts;
  if (!token) {
    // Off: an explicit 404, so the client's page fallback never answers this path with 200.
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) => {
      void reply.code(404).send({ message: MSG.notFound, code: 'NOT_FOUND' });
    });
    return;
  }
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop lag (prom-client's defaults).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'crs_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'crs_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // The label children of one route by method and status, kept in the route's own hook: after the
  // first request of a kind nothing is built (no key, no labels object, no routeOptions copy).
  const recorder = (route: string) => {
    const byMethod = new Map<string, Map<number, Child>>();
    return (method: string, status: number, ms: number) => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let child = byStatus.get(status);
      if (!child) {
        const labels = { route, method, status: String(status) };
        byStatus.set(status, (child = { count: requests.labels(labels), duration: durations.labels(labels) }));
      }
      child.count.inc();
      child.duration.observe(ms / 1000);
    };
  };
  // Each route's pattern (`/api/v1/users/:id`), never the raw URL, fixed when the route is added.
  app.addHook('onRoute', (route) => {
    const record = recorder(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      record(request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  // Unknown paths share one label.
  const unmatched = recorder('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const database = opts.database;
  const queries = new Histogram({
    name: 'crs_db_query_duration_seconds',
    help: `Duration of database statements (${database.kind})`,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  database.queryTimer.observe = (seconds) => queries.observe(seconds);
  app.addHook('onClose', async () => {
    database.queryTimer.observe = undefined;
  });
  new Gauge({
    name: 'crs_db_pool_connections',
    help: "Database pool of this process: connections open (total), idle, and callers waiting for one (the embedded database: connections to its thread)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  for (const g of opts.gauges) {
    new Gauge({
      name: g.name,
      help: g.help,
      labelNames: g.labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await g.read()) this.set(labels, value);
      },
    });
  }

  const expected = digest(token);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // The token is the access rule here (outside /api/v1); compared in constant time.
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: MSG.metricsTokenRequired, code: 'UNAUTHORIZED' });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
});
