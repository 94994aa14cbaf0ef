import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, STAFF_AREA, TEACHER_AREA } from '@crs/shared/roles';
import { performanceResponse } from '@crs/shared/schemas/assessment';
import { errorSchema } from '@crs/shared/schemas/common';
import { analyticsOverviewSchema, analyticsQuery, reportListSchema, reportParams, reportQuery } from '@crs/shared/schemas/analytics';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import * as analytics from './analytics.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const fileAnswer = z.any().describe('the file');

/**
 * /analytics: the overview (the Analytics page's figures; Admin, SuperAdmin: the page's roles)
 * and performance (the spec's average marks by subject; the teacher area).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/overview', {
    config: { access: { roles: ADMINS } },
    schema: {
      tags: ['analytics'],
      summary: 'Enrolment, attendance trend, pass rates and grades, library circulation over a date range',
      querystring: analyticsQuery,
      response: { 200: analyticsOverviewSchema, ...errors },
    },
    handler: async (req) => analytics.overview(ctx, req.query),
  });

  app.get('/performance', {
    config: { access: { roles: TEACHER_AREA } },
    schema: { tags: ['analytics'], summary: "Average marks (percent, one decimal) by subject over the caller's exams (Admin: all)", response: { 200: performanceResponse, ...errors } },
    handler: async (req) => analytics.performance(ctx, principalOf(req)),
  });
};

/** GET /reports and GET /reports/{name}: downloadable reports (Staff, Admin, SuperAdmin: the Reports page's roles). */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const access = { roles: STAFF_AREA };
  app.get('/', {
    config: { access },
    schema: { tags: ['analytics'], summary: 'The reports with their parameters', response: { 200: reportListSchema, ...errors } },
    handler: async () => analytics.listReports(ctx),
  });
  app.get('/:name', {
    config: { access },
    schema: { tags: ['analytics'], summary: 'A report as .xlsx or CSV', params: reportParams, querystring: reportQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const file = await analytics.buildReport(ctx, principalOf(req), req.params.name, req.query);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-content-type-options', 'nosniff').send(file.body);
    },
  });
};
