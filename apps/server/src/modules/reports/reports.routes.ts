import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, STAFF_AREA } from '@crs/shared/roles';
import { errorSchema } from '@crs/shared/schemas/common';
import { analyticsOverviewSchema, analyticsQuery, reportListSchema, reportParams, reportQuery } from '@crs/shared/schemas/reports';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import * as reports from './reports.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const fileAnswer = z.any().describe('the file');

/** GET /analytics/overview: the Analytics page's figures (Admin, SuperAdmin: the page's roles). */
export const analyticsOverviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/overview', {
    config: { access: { roles: ADMINS } },
    schema: {
      tags: ['analytics'],
      summary: 'Enrolment, attendance trend, pass rates and grades, library circulation over a date range',
      querystring: analyticsQuery,
      response: { 200: analyticsOverviewSchema, ...errors },
    },
    handler: async (req) => reports.overview(ctx, req.query),
  });
};

/** GET /reports and GET /reports/{name}: downloadable reports (Staff, Admin, SuperAdmin: the Reports page's roles). */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const access = { roles: STAFF_AREA };
  app.get('/', {
    config: { access },
    schema: { tags: ['reports'], summary: 'The reports with their parameters', response: { 200: reportListSchema, ...errors } },
    handler: async () => reports.listReports(ctx),
  });
  app.get('/:name', {
    config: { access },
    schema: { tags: ['reports'], summary: 'A report as .xlsx or CSV', params: reportParams, querystring: reportQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const file = await reports.buildReport(ctx, principalOf(req), req.params.name, req.query);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-content-type-options', 'nosniff').send(file.body);
    },
  });
};
