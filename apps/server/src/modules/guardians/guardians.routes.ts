import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, GUARDIAN_CODE_MAKERS, GUARDIAN_ONLY } from '@crs/shared/roles';
import { errorSchema, messageSchema, studentRefParams } from '@crs/shared/schemas/common';
import { childrenResponse, guardianCodeResponse, guardiansResponse, linkChildBody, linkChildResponse, linkGuardianBody, linkGuardianResponse, unlinkParams } from '@crs/shared/schemas/guardians';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import * as auth from '../auth/auth.service.ts';
import * as guardians from './guardians.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const tags = ['guardians'];
const admins = { roles: ADMINS };

/** A guardian's children, and the Admin's unlinking and import (issue 30, decision 0052), under /guardians. */
export const guardiansRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/me/children', {
    config: { access: { roles: GUARDIAN_ONLY } },
    schema: { tags, summary: "The caller's linked children (Guardian)", response: { 200: childrenResponse, ...errors } },
    handler: async (req) => guardians.myChildren(ctx, principalOf(req)),
  });
  app.post('/me/children', {
    config: { access: { roles: GUARDIAN_ONLY } },
    schema: { tags, summary: "Links another child with the child's one-time code (wrong codes throttled: 429)", body: linkChildBody, response: { 201: linkChildResponse, ...errors } },
    handler: async (req, reply) => {
      const p = principalOf(req);
      return reply.code(201).send(await auth.linkCodeAttempt(ctx, req.ip, p.user.email, () => guardians.linkChild(ctx, p, req.body.code)));
    },
  });
  app.delete('/:guardianId/children/:studentId', {
    config: { access: admins },
    schema: { tags, summary: 'Unlinks a guardian from a student (Admin)', params: unlinkParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => guardians.unlink(ctx, principalOf(req), req.params.guardianId, req.params.studentId),
  });
  await app.register(importRoute, { url: '/import', access: admins, tags, what: 'guardian links', run: (p, upload, dryRun) => guardians.importLinks(ctx, p, upload, dryRun) });
};

/** A student's link codes and guardians, under /students (issue 30). */
export const studentGuardianRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/:id/guardian-codes', {
    config: { access: { roles: GUARDIAN_CODE_MAKERS } },
    schema: { tags, summary: 'A one-time link code for a parent or guardian, valid 7 days (the student themself or an Admin)', params: studentRefParams, response: { 201: guardianCodeResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send(await guardians.createCode(ctx, principalOf(req), req.params.id)),
  });
  app.get('/:id/guardians', {
    config: { access: admins },
    schema: { tags, summary: "A student's linked guardians (Admin)", params: studentRefParams, response: { 200: guardiansResponse, ...errors } },
    handler: async (req) => guardians.guardiansOfStudent(ctx, req.params.id),
  });
  app.post('/:id/guardians', {
    config: { access: admins },
    schema: { tags, summary: 'Links the guardian account of an email to the student (Admin)', params: studentRefParams, body: linkGuardianBody, response: { 201: linkGuardianResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send(await guardians.linkByEmail(ctx, principalOf(req), req.params.id, req.body)),
  });
};
