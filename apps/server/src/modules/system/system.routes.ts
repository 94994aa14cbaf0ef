import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@crs/shared/schemas/common';
import { jobsOverviewSchema, runJobBody, runJobParams, runJobResponse } from '@crs/shared/schemas/system';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
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
  app.post('/jobs/:name/run', {
    config: { access: { roles: ['SuperAdmin'] } },
    schema: {
      tags: ['system'],
      summary: 'Runs a registered background job now (a dated batch with `date`, e.g. the absence alerts of a day)',
      params: runJobParams,
      body: runJobBody,
      response: { 202: runJobResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (req, reply) => reply.code(202).send(await system.runJob(ctx, principalOf(req), req.params.name, req.body ?? {})),
  });
};
