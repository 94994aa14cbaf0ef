import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema, idParams, messageSchema } from '@crs/shared/schemas/common';
import { ACCOUNT_MANAGERS } from '@crs/shared/roles';
import { userResponse } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import * as users from './users.service.ts';

const managers = { roles: ACCOUNT_MANAGERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Sign-up approval: approve and reject (Admin, SuperAdmin). Listing and the rest of people administration: modules/people. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/:id/approve', {
    config: { access: managers },
    schema: { tags: ['users'], summary: 'Approve a pending sign-up', params: idParams, response: { 200: userResponse, ...errors } },
    handler: async (req) => ({ message: MSG.accountApproved, user: await users.approveAccount(ctx, req.params.id, principalOf(req)) }),
  });

  app.post('/:id/reject', {
    config: { access: managers },
    schema: { tags: ['users'], summary: 'Reject (delete) a pending sign-up', params: idParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await users.rejectAccount(ctx, principalOf(req), req.params.id);
      return { message: MSG.signUpRejected };
    },
  });
};
