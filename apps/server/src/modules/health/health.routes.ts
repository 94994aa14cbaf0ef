import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@crs/shared/schemas/health';
import type { AppContext } from '../../context.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Liveness', response: { 200: healthSchema } },
    // Synchronous: no promise on the liveness probe (decision 0018).
    handler: () => ({ status: 'ok' as const }),
  });
  app.get('/ready', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Readiness: the database answers', response: { 200: healthSchema, 503: healthSchema } },
    handler: async (req, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: ctx.database.kind };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, database: ctx.database.kind });
      }
    },
  });
};
