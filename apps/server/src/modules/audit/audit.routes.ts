import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPERADMIN_ONLY } from '@crs/shared/roles';
import { auditListResponse, auditQuery } from '@crs/shared/schemas/audit';
import { errorSchema } from '@crs/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import * as audit from './audit.service.ts';

/** The audit log, read-only: there is no route that edits or deletes an entry (decision 0032). */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: { roles: SUPERADMIN_ONLY } },
    schema: {
      tags: ['audit'],
      summary: 'Audit log entries, newest first: filter by actor (name, email or account id), action, kind of target and days',
      querystring: auditQuery,
      response: { 200: auditListResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (req) => audit.listEntries(ctx, req.query),
  });
};
