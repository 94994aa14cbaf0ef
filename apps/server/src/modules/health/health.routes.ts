import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@crs/shared/schemas/health';
import type { AppContext } from '../../context.ts';
import { migrationsDone } from '../../db/migrate.ts';

/**
 * Probes for load balancers and supervisors (decision 0048): liveness (the process answers; also
 * at the bare /health of earlier releases) and readiness (the database answers with every
 * migration applied, and the process is not draining after a SIGTERM). Neither is rate limited.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const url of ['/', '/live']) {
    app.get(url, {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: healthSchema } },
      // Synchronous: no promise on the liveness probe (decision 0018).
      handler: () => ({ status: 'ok' as const }),
    });
  }
  app.get('/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers, migrations are applied, the process is not draining',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (req, reply) => {
      const database = ctx.database.kind;
      if (ctx.lifecycle.draining) return reply.code(503).send({ status: 'draining' as const, database });
      try {
        if (!(await migrationsDone(ctx.database))) {
          return reply.code(503).send({ status: 'unavailable' as const, database, migrations: 'pending' as const });
        }
        return { status: 'ok' as const, database, migrations: 'done' as const };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, database });
      }
    },
  });
};
