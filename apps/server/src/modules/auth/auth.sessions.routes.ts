import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import { activeSessionsResponse, sessionsRevokedResponse } from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import * as sessions from './auth.sessions.ts';

/** A session id; anything that is not one of the caller's live sessions is a 404. */
const sessionParams = z.strictObject({ id: z.string().max(100) });

/** The sessions page (issue 28 item 4), under /auth/sessions: the caller's own sessions only. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Your live sessions (device, address, started, last seen; this one marked)', response: { 200: activeSessionsResponse, 401: errorSchema } },
    handler: async (req) => ({ sessions: await sessions.list(ctx, principalOf(req)) }),
  });

  app.delete('/:id', {
    config: { access: anyUser },
    schema: {
      tags: ['auth'],
      summary: 'Sign out another of your sessions (this one: use logout)',
      params: sessionParams,
      response: { 200: messageSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (req) => {
      await sessions.revoke(ctx, principalOf(req), req.params.id);
      return { message: MSG.sessionRevoked };
    },
  });

  app.delete('/', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Sign out all your other sessions', response: { 200: sessionsRevokedResponse, 401: errorSchema } },
    handler: async (req) => {
      const revoked = await sessions.revokeOthers(ctx, principalOf(req));
      return { message: MSG.sessionsRevoked(revoked), revoked };
    },
  });
};
