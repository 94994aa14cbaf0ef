import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MANAGERS, STAFF_AREA } from '@crs/shared/roles';
import { errorSchema } from '@crs/shared/schemas/common';
import { openTasksSchema } from '@crs/shared/schemas/analytics';
import { overviewStatsSchema, systemStatsSchema } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import * as stats from './dashboard.service.ts';

/** Dashboard figures from live data. */
export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/overview', {
    config: { access: { roles: ACCOUNT_MANAGERS } },
    schema: { tags: ['analytics'], summary: 'Accounts per role, pending sign-ups and open jobs', response: { 200: overviewStatsSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => stats.overview(ctx),
  });

  app.get('/system', {
    config: { access: { roles: ['SuperAdmin'] } },
    schema: { tags: ['analytics'], summary: 'Uptime, database size, live sessions', response: { 200: systemStatsSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => stats.system(ctx),
  });

  app.get('/tasks', {
    config: { access: { roles: STAFF_AREA } },
    schema: { tags: ['analytics'], summary: "The Staff dashboard's open tasks: pending sign-ups, overdue loans, notices expiring, applications to review", response: { 200: openTasksSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => stats.openTasks(ctx),
  });
};
