import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { ACCOUNT_MANAGERS } from '@crs/shared/roles';
import { errorSchema, idParams, idParamsWith, messageSchema } from '@crs/shared/schemas/common';
import { createUserSchema, departmentsResponse, exportUsersQuery, listAdminUsersResponse, listUsersQuery, adminUserResponse, unmatchedUsersResponse, updateUserSchema, userResponse } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import { CSV_TYPE, XLSX_TYPE } from '../../lib/spreadsheet.ts';
import { principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import * as admin from './users.admin.service.ts';

const managers = { roles: ACCOUNT_MANAGERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['users'];
const params = idParamsWith(MSG.userNotFound);
const fileAnswer = z.any().describe('the file');

/**
 * User administration under /users (issue 14, decision 0029; the spec's People pages) and sign-up
 * approval: Admin and SuperAdmin; the finer rules (who may grant which role, the last SuperAdmin,
 * nobody disables themselves) are the service's.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: managers },
    schema: { tags, summary: 'Search (name, email, student or employee ID), filter and page accounts, newest first', querystring: listUsersQuery, response: { 200: listAdminUsersResponse, ...errors } },
    handler: async (req) => admin.listUsers(ctx, req.query),
  });

  app.get('/departments', {
    config: { access: managers },
    schema: { tags, summary: 'The departments people are in (the lists filter)', response: { 200: departmentsResponse, ...errors } },
    handler: async () => ({ departments: await admin.departments(ctx) }),
  });

  app.get('/unmatched', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'People whose legacy department or section text matched no Academics record (kept, never dropped; decision 0036)',
      response: { 200: unmatchedUsersResponse, ...errors },
    },
    handler: async () => admin.unmatchedUsers(ctx),
  });

  app.get('/export', {
    config: { access: managers },
    schema: { tags, summary: 'The accounts that match the filters as .xlsx or CSV (formula-looking cells made inert)', querystring: exportUsersQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const body = await admin.exportUsers(ctx, principalOf(req), req.query);
      return reply
        .type(req.query.format === 'csv' ? CSV_TYPE : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="people.${req.query.format}"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });

  app.post('/', {
    config: { access: managers },
    schema: { tags, summary: 'Create an active account; the person is mailed a link to set their password', body: createUserSchema, response: { 201: adminUserResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.userCreated, user: await admin.createUser(ctx, principalOf(req), req.body) }),
  });

  app.get('/:id', {
    config: { access: managers },
    schema: { tags, summary: 'One account', params, response: { 200: adminUserResponse, ...errors } },
    handler: async (req) => ({ message: MSG.userFetched, user: await admin.managedUser(ctx, req.params.id) }),
  });

  app.patch('/:id', {
    config: { access: managers },
    schema: { tags, summary: "Change a person's details and roles", params, body: updateUserSchema, response: { 200: adminUserResponse, ...errors } },
    handler: async (req) => ({ message: MSG.userUpdated, user: await admin.updateUser(ctx, principalOf(req), req.params.id, req.body) }),
  });

  app.post('/:id/disable', {
    config: { access: managers },
    schema: { tags, summary: 'Disable an account: its sessions end at once, sign-in is refused', params, response: { 200: adminUserResponse, ...errors } },
    handler: async (req) => ({ message: MSG.userDisabled, user: await admin.disableUser(ctx, principalOf(req), req.params.id) }),
  });

  app.post('/:id/enable', {
    config: { access: managers },
    schema: { tags, summary: 'Enable a disabled account', params, response: { 200: adminUserResponse, ...errors } },
    handler: async (req) => ({ message: MSG.userEnabled, user: await admin.enableUser(ctx, principalOf(req), req.params.id) }),
  });

  app.post('/:id/reset-link', {
    config: { access: managers },
    schema: { tags, summary: 'Mail the person a password reset link', params, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await admin.sendResetLink(ctx, principalOf(req), req.params.id);
      return { message: MSG.resetLinkSent };
    },
  });

  app.post('/:id/approve', {
    config: { access: managers },
    schema: { tags, summary: 'Approve a pending sign-up', params: idParams, response: { 200: userResponse, ...errors } },
    handler: async (req) => ({ message: MSG.accountApproved, user: await admin.approveSignUp(ctx, req.params.id, principalOf(req)) }),
  });

  app.post('/:id/reject', {
    config: { access: managers },
    schema: { tags, summary: 'Reject (delete) a pending sign-up', params: idParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await admin.rejectSignUp(ctx, principalOf(req), req.params.id);
      return { message: MSG.signUpRejected };
    },
  });

  await app.register(importRoute, { url: '/import', access: managers, tags, what: 'users', run: (p, upload, dryRun) => admin.importUsers(ctx, p, upload, dryRun) });
};
