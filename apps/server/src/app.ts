import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import type { AppContext } from './context.ts';
import { academicsRoutes, teacherRoutes } from './modules/academics/academics.routes.ts';
import { alumniRoutes } from './modules/alumni/alumni.routes.ts';
import { analyticsRoutes, reportsRoutes } from './modules/analytics/analytics.routes.ts';
import { statsRoutes } from './modules/analytics/dashboard.routes.ts';
import { assessmentRoutes, resultsRoutes } from './modules/assessment/assessment.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import * as system from './modules/system/system.service.ts';
import { outboxBacklog } from './modules/mail/mail.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userMfaRoutes } from './modules/auth/auth.mfa.routes.ts';
import { identityAuthRoutes, oidcProviderRoutes } from './modules/identity/identity.routes.ts';
import { authenticate } from './modules/auth/auth.service.ts';
import { docsRoutes } from './modules/docs/docs.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { idcardsRoutes, studentCardRoutes } from './modules/idcards/idcards.routes.ts';
import { studentTranscriptRoutes, transcriptsRoutes } from './modules/transcripts/transcripts.routes.ts';
import { libraryRoutes, opacRoutes } from './modules/library/library.routes.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { noticesRoutes, studentNoticesRoutes } from './modules/notices/notices.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { guardiansRoutes, studentGuardianRoutes } from './modules/guardians/guardians.routes.ts';
import { placementRoutes } from './modules/placement/placement.routes.ts';
import { rateLimitStore } from './modules/ratelimit/ratelimit.service.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { usersRoutes } from './modules/users/users.admin.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { clientPageFor } from './plugins/client-pages.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { ScrapedGauge } from './plugins/metrics.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { withLazyRequestChildren } from './lib/request-logger.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';

/** The modules' figures for /metrics: read from the database at each scrape, over every process. */
function moduleGauges(ctx: AppContext): ScrapedGauge[] {
  // One overview per scrape for both job gauges (a scrape reads every gauge at once).
  let reading: ReturnType<typeof system.jobs> | undefined;
  const jobsNow = () =>
    (reading ??= system.jobs(ctx).finally(() => {
      reading = undefined;
    }));
  return [
    {
      name: 'crs_jobs',
      help: 'Background job runs by queue and state (waiting, retrying, active; failed: used up their retries in the last 7 days)',
      labelNames: ['queue', 'state'],
      read: async () => {
        const overview = await jobsNow();
        return overview.queues.flatMap((q) =>
          (['waiting', 'retrying', 'active', 'failed'] as const).map((state) => ({ labels: { queue: q.name, state }, value: q[state] })),
        );
      },
    },
    {
      name: 'crs_jobs_dead_letters',
      help: 'Job runs in the dead-letter queue, waiting for someone to look',
      labelNames: [],
      read: async () => [{ labels: {}, value: (await jobsNow()).deadLetters }],
    },
    {
      name: 'crs_mail_outbox',
      help: 'Mails in the outbox still to send (pending) and given up on (failed)',
      labelNames: ['status'],
      read: async () => {
        const backlog = await outboxBacklog(ctx.db);
        return [
          { labels: { status: 'pending' }, value: backlog.pending },
          { labels: { status: 'failed' }, value: backlog.failed },
        ];
      },
    },
  ];
}

export type BuildOptions = {
  /** pino options, or false for no request logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Also check every answer against its zod schema, as before decision 0018 (tests). */
  verifyResponses?: boolean;
};

// Secrets that may appear in a URL's query string are never written to the log.
const redactUrl = (url: string) => url.replace(/([?&](?:token|refreshToken)=)[^&#]*/gi, '$1[redacted]');

/**
 * The composition root of the HTTP side. Builds the HTTP app: external plugins, app plugins, then routes (fixed order). Serves the API
 * under /api/v1, its OpenAPI reference at /api/docs, and the built client with SPA fallback.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const logger =
    opts.logger === false
      ? false
      : {
          level: ctx.config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
          },
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
        };
  const app = Fastify({
    // A request's child logger is made only when the request writes a line (decision 0018).
    ...(logger ? { loggerInstance: withLazyRequestChildren(pino(logger)) as FastifyBaseLogger } : { logger: false }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: opts.verifyResponses }));

  // External plugins
  // helmet's headers (CSP and friends) for documents, a smaller set for the API, built once (decisions 0009, 0018, 0042)
  await app.register(securityHeadersPlugin);
  // The document passes Redocly's recommended rules (operationIds, servers, OpenAPI 3.0 nullables; decision 0048).
  await app.register(swagger, openapiOptions(ctx.config.publicUrl));
  // No CDN and no inline script: helmet's CSP above covers the reference page too.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  // App plugins
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(jsonBodyPlugin);
  // Per address and per user (decision 0031); the ratelimit module keeps the shared counts. Before
  // the access plugin, so the address is checked before the token.
  await app.register(rateLimitPlugin, { ...ctx.config.rateLimit, store: () => rateLimitStore(ctx) });
  // The auth module resolves bearer tokens; the core access plugin only checks roles.
  await app.register(accessPlugin, { authenticate: (token: string) => authenticate(ctx, token) });
  // Draining or shutting down: answers close their connection, so a keep-alive client (a load
  // balancer's pool) reconnects elsewhere and cannot hold the server open (Node only closes
  // connections that are idle when close() starts; decision 0048).
  let closing = false;
  const lifecycle = ctx.lifecycle;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // (API answers' `cache-control: no-store` is among their security headers, decision 0042.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing || lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  // Prometheus metrics at /metrics, only with METRICS_TOKEN (decision 0048); the modules' figures
  // are read when scraped: job queues (lib/jobs through the system module) and the mail outbox.
  await app.register(metricsPlugin, { token: ctx.config.metricsToken, database: ctx.database, gauges: moduleGauges(ctx) });

  // Routes
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { prefix: '/health', ctx });
      await api.register(authRoutes, { prefix: '/auth', ctx });
      await api.register(identityAuthRoutes, { prefix: '/auth', ctx });
      await api.register(profileRoutes, { prefix: '/auth/users/me', ctx });
      await api.register(usersRoutes, { prefix: '/users', ctx });
      await api.register(userMfaRoutes, { prefix: '/users', ctx });
      await api.register(statsRoutes, { prefix: '/stats', ctx });
      await api.register(libraryRoutes, { prefix: '/library', ctx });
      await api.register(opacRoutes, { prefix: '/opac', ctx });
      await api.register(alumniRoutes, { prefix: '/alumni', ctx });
      await api.register(filesRoutes, { prefix: '/files', ctx });
      await api.register(academicsRoutes, { prefix: '/academics', ctx });
      await api.register(teacherRoutes, { prefix: '/teachers', ctx });
      await api.register(attendanceRoutes, { prefix: '/attendance', ctx });
      // The spec's spelling, and the correct one as an alias.
      await api.register(assessmentRoutes, { prefix: '/assesment', ctx });
      await api.register(assessmentRoutes, { prefix: '/assessment', ctx });
      await api.register(resultsRoutes, { prefix: '/results', ctx });
      await api.register(analyticsRoutes, { prefix: '/analytics', ctx });
      await api.register(reportsRoutes, { prefix: '/reports', ctx });
      await api.register(materialsRoutes, { prefix: '/teachers', ctx });
      // Issue 13: the spec writes these two with a doubled version (`GET /v1/docs`, `GET
      // /v1/students/{id}/idcard` under the /api/v1 base); both spellings answer.
      for (const base of ['', '/v1']) {
        await api.register(docsRoutes, { prefix: `${base}/docs`, ctx });
        await api.register(studentCardRoutes, { prefix: `${base}/students`, ctx });
      }
      await api.register(idcardsRoutes, { prefix: '/idcards', ctx });
      // Issue 27 item 6: grade cards and transcripts (decision 0044).
      await api.register(studentTranscriptRoutes, { prefix: '/students', ctx });
      // Issue 30 item 3: guardians (decision 0052).
      await api.register(studentGuardianRoutes, { prefix: '/students', ctx });
      await api.register(studentNoticesRoutes, { prefix: '/students', ctx });
      await api.register(guardiansRoutes, { prefix: '/guardians', ctx });
      await api.register(transcriptsRoutes, { prefix: '/transcripts', ctx });
      await api.register(noticesRoutes, { prefix: '/notices', ctx });
      await api.register(notificationsRoutes, { prefix: '/notifications', ctx });
      await api.register(placementRoutes, { prefix: '/placement', ctx });
      await api.register(calendarRoutes, { prefix: '/calendar', ctx });
      await api.register(auditRoutes, { prefix: '/audit', ctx });
      await api.register(settingsRoutes, { prefix: '/settings', ctx });
      await api.register(oidcProviderRoutes, { prefix: '/settings/oidc-providers', ctx });
      await api.register(systemRoutes, { prefix: '/system', ctx });
    },
    { prefix: '/api/v1' },
  );

  const hasClient = existsSync(path.join(ctx.config.webDist, 'index.html'));
  const clientPage = hasClient ? clientPageFor(ctx.config.webDist) : () => 'index.html';
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: true,
      // "/" is the client's home page (with `index: false` it was a directory listing refusal, 403).
      index: 'index.html',
      // The build writes .br/.gz twins of every text file (decision 0012): sent as they are, with vary.
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here, not the raw response.
      setHeaders: (reply, file) => {
        // Hashed assets never change; index.html must be revalidated to pick up a new build.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/')) {
      return reply.code(404).send({ message: MSG.noApiRoute(request.method, url.split('?')[0]!), code: 'NOT_FOUND' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasClient) {
      // SPA fallback: the client's router decides what any other path shows.
      return reply.header('cache-control', 'no-cache').sendFile(clientPage(url));
    }
    return reply.code(404).send({ message: MSG.notFound, code: 'NOT_FOUND' });
  });

  return app;
}
