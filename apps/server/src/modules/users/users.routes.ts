import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema, idParams, messageSchema } from '@crs/shared/schemas/common';
import { ACCOUNT_MANAGERS } from '@crs/shared/roles';
import { listUsersQuery, listUsersResponse, overviewStatsSchema, systemStatsSchema, userResponse } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import { presentUser } from './users.repository.ts';
import * as users from './users.service.ts';

const managers = { roles: ACCOUNT_MANAGERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Account administration: list, approve and reject sign-ups (Admin, SuperAdmin). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: managers },
    schema: { tags: ['users'], summary: 'List accounts, newest first', querystring: listUsersQuery, response: { 200: listUsersResponse, ...errors } },
    handler: async (req) => {
      const { rows, total } = await users.listAccounts(ctx, req.query);
      return { users: rows.map(presentUser), total };
    },
  });

  app.post('/:id/approve', {
    config: { access: managers },
    schema: { tags: ['users'], summary: 'Approve a pending sign-up', params: idParams, response: { 200: userResponse, ...errors } },
    handler: async (req) => ({ message: MSG.accountApproved, user: presentUser(await users.approveAccount(ctx, req.params.id)) }),
  });

  app.post('/:id/reject', {
    config: { access: managers },
    schema: { tags: ['users'], summary: 'Reject (delete) a pending sign-up', params: idParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await users.rejectAccount(ctx, req.params.id);
      return { message: MSG.signUpRejected };
    },
  });
};

/** Dashboard figures from live data. */
export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/overview', {
    config: { access: managers },
    schema: { tags: ['stats'], summary: 'Accounts per role and pending sign-ups', response: { 200: overviewStatsSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => users.overviewStats(ctx),
  });
  app.get('/system', {
    config: { access: { roles: ['SuperAdmin'] } },
    schema: { tags: ['stats'], summary: 'Uptime, database size, live sessions', response: { 200: systemStatsSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => users.systemStats(ctx),
  });
};
