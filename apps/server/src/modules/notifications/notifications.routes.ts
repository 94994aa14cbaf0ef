import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@crs/shared/schemas/common';
import {
  listNotificationsQuery,
  listNotificationsResponse,
  notificationParams,
  notificationResponse,
  preferencesResponse,
  readAllResponse,
  sentQuery,
  sentResponse,
  updatePreferencesBody,
} from '@crs/shared/schemas/notifications';
import type { AppContext } from '../../context.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import * as notifications from './notifications.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['notifications'];

/** The caller's notifications and their delivery by email (issue 30, decision 0050), under /notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: anyUser },
    schema: { tags, summary: "The caller's notifications, newest first, paged; `unread=true` for the unread only; `unread` in the answer counts all unread", querystring: listNotificationsQuery, response: { 200: listNotificationsResponse, ...errors } },
    handler: async (req) => notifications.listMine(ctx, principalOf(req), req.query),
  });
  app.post('/read-all', {
    config: { access: anyUser },
    schema: { tags, summary: "Marks every unread notification of the caller read", response: { 200: readAllResponse, ...errors } },
    handler: async (req) => notifications.markAllRead(ctx, principalOf(req)),
  });
  app.get('/preferences', {
    config: { access: anyUser },
    schema: { tags, summary: 'Email per kind of notification (immediate, daily digest, off; in-app always) and whether mail to the address bounced', response: { 200: preferencesResponse, ...errors } },
    handler: async (req) => notifications.preferences(ctx, principalOf(req)),
  });
  app.patch('/preferences', {
    config: { access: anyUser },
    schema: { tags, summary: 'Change the email of some kinds; `clearBounce` mails a bounced address again', body: updatePreferencesBody, response: { 200: preferencesResponse.extend({ message: readAllResponse.shape.message }), ...errors } },
    handler: async (req) => notifications.updatePreferences(ctx, principalOf(req), req.body),
  });
  app.get('/sent', {
    config: { access: { roles: notifications.SENT_READERS } },
    schema: { tags, summary: 'What was sent per day and kind, read and mailed (Librarian: library; Admin, SuperAdmin: every kind)', querystring: sentQuery, response: { 200: sentResponse, ...errors } },
    handler: async (req) => notifications.sent(ctx, principalOf(req), req.query),
  });
  app.post('/:id/read', {
    config: { access: anyUser },
    schema: { tags, summary: 'Marks one of the caller’s notifications read', params: notificationParams, response: { 200: notificationResponse, ...errors } },
    handler: async (req) => notifications.markRead(ctx, principalOf(req), req.params.id),
  });
};
