import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@crs/shared/schemas/common';
import { jobsOverviewSchema } from '@crs/shared/schemas/system';
import type { AppContext } from '../../context.ts';
import * as system from './system.service.ts';

/** The SuperAdmin's System overview: what runs behind the API. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/jobs', {
    config: { access: { roles: ['SuperAdmin'] } },
    schema: {
      tags: ['system'],
      summary: 'Background jobs: queues, dead letters, recent failures and retries',
      response: { 200: jobsOverviewSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async () => system.jobs(ctx),
  });
};
