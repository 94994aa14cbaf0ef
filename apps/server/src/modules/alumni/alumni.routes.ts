import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { ALUMNI_READERS, FACULTY } from '@crs/shared/roles';
import {
  alumniListResponse,
  alumniMessagesResponse,
  alumnusIdParams,
  alumnusResponse,
  alumnusSavedResponse,
  createAlumnusSchema,
  deleteAlumniBody,
  deleteAlumniResponse,
  exportAlumniQuery,
  listAlumniMessagesQuery,
  listAlumniQuery,
  messageAlumniBody,
  messageAlumniResponse,
  myAlumnusVisibilityBody,
  updateAlumnusSchema,
} from '@crs/shared/schemas/alumni';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import { fromGraduatesResponse, fromGraduatesSchema } from '@crs/shared/schemas/rollover';
import { ACADEMIC_MANAGERS } from '@crs/shared/roles';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import { CSV_TYPE, XLSX_TYPE } from './alumni.files.ts';
import * as alumni from './alumni.service.ts';

const readers = { roles: ALUMNI_READERS };
const faculty = { roles: FACULTY };
/** A graduate is a Student whose rollover graduated them (the service checks which). */
const graduates = { roles: ['Student' as const] };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['alumni'];
const fileAnswer = z.any().describe('the file');

/** The alumni directory (spec sections 2–8): read by every role but Librarian, managed by faculty. */
export const alumniRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/from-graduates', {
    config: { access: { roles: ACADEMIC_MANAGERS } },
    schema: { tags, summary: "Alumni records for a batch's graduates (private; idempotent on enrollment number)", body: fromGraduatesSchema, response: { 200: fromGraduatesResponse, ...errors } },
    handler: async (req) => {
      const r = await alumni.fromGraduates(ctx, principalOf(req), req.body.batch);
      return { message: MSG.graduatesAdded(r.created), ...r };
    },
  });
  app.get('/', {
    config: { access: readers },
    schema: { tags, summary: 'Search and page the directory (q on name, company, role); private profiles for faculty only', querystring: listAlumniQuery, response: { 200: alumniListResponse, ...errors } },
    handler: async (req) => alumni.listAlumni(ctx, principalOf(req), req.query),
  });

  app.get('/template.xlsx', {
    config: { access: faculty },
    schema: { tags, summary: 'The import template (.xlsx)', response: { 200: fileAnswer, ...errors } },
    handler: async (_req, reply) =>
      reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="alumni-template.xlsx"').header('x-content-type-options', 'nosniff').send(alumni.importTemplate()),
  });

  app.get('/export', {
    config: { access: faculty },
    schema: { tags, summary: 'Every alumnus as .xlsx or CSV (formula-looking cells made inert)', querystring: exportAlumniQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const body = await alumni.exportAlumni(ctx, principalOf(req), req.query.format);
      return reply
        .type(req.query.format === 'csv' ? CSV_TYPE : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="alumni.${req.query.format}"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });

  app.get('/messages', {
    config: { access: faculty },
    schema: { tags, summary: 'Bulk messages sent to alumni, newest first', querystring: listAlumniMessagesQuery, response: { 200: alumniMessagesResponse, ...errors } },
    handler: async (req) => alumni.listMessages(ctx, req.query.page, req.query.pageSize),
  });

  // Issue 27 item 5: a graduate's own record (their student account stays usable).
  app.get('/me', {
    config: { access: graduates },
    schema: { tags, summary: "The caller's own alumni record (a graduate's); 404 for anyone else", response: { 200: alumnusResponse, ...errors } },
    handler: async (req) => ({ alumnus: await alumni.myAlumnus(ctx, principalOf(req)) }),
  });
  app.patch('/me', {
    config: { access: graduates },
    schema: { tags, summary: 'A graduate makes their own alumni profile public or private (audited)', body: myAlumnusVisibilityBody, response: { 200: alumnusSavedResponse, ...errors } },
    handler: async (req) => {
      const alumnus = await alumni.setMyVisibility(ctx, principalOf(req), req.body.visibility);
      return { message: alumnus.visibility === 'public' ? MSG.alumniOwnPublic : MSG.alumniOwnPrivate, alumnus };
    },
  });

  app.get('/:id', {
    config: { access: readers },
    schema: { tags, summary: 'One alumnus (a private profile: faculty only)', params: alumnusIdParams, response: { 200: alumnusResponse, ...errors } },
    handler: async (req) => ({ alumnus: await alumni.getAlumnus(ctx, principalOf(req), req.params.id) }),
  });

  app.post('/', {
    config: { access: faculty },
    schema: { tags, summary: 'Add an alumnus', body: createAlumnusSchema, response: { 201: alumnusSavedResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.alumnusCreated, alumnus: await alumni.createAlumnus(ctx, principalOf(req), req.body) }),
  });

  app.patch('/:id', {
    config: { access: faculty },
    schema: { tags, summary: 'Edit an alumnus (name required; absent fields stay, blank clears)', params: alumnusIdParams, body: updateAlumnusSchema, response: { 200: alumnusSavedResponse, ...errors } },
    handler: async (req) => ({ message: MSG.alumnusUpdated, alumnus: await alumni.updateAlumnus(ctx, req.params.id, req.body) }),
  });

  app.delete('/:id', {
    config: { access: faculty },
    schema: { tags, summary: 'Delete an alumnus', params: alumnusIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await alumni.deleteAlumnus(ctx, principalOf(req), req.params.id);
      return { message: MSG.alumnusDeleted };
    },
  });

  app.post('/delete', {
    config: { access: faculty },
    schema: { tags, summary: 'Delete many alumni in one transaction (an unknown id deletes none)', body: deleteAlumniBody, response: { 200: deleteAlumniResponse, ...errors } },
    handler: async (req) => ({ message: MSG.alumniDeleted, deleted: await alumni.deleteMany(ctx, principalOf(req), req.body.ids) }),
  });

  app.post('/message', {
    config: { access: faculty },
    schema: { tags, summary: 'Mail the selected alumni ({{name}} {{company}} {{role}} {{batch}} filled per recipient)', body: messageAlumniBody, response: { 200: messageAlumniResponse, ...errors } },
    handler: async (req) => alumni.messageAlumni(ctx, principalOf(req), req.body),
  });

  await app.register(importRoute, { url: '/upload/excel', access: faculty, tags, what: 'alumni', run: (p, upload, dryRun) => alumni.importAlumni(ctx, p, upload, dryRun) });
};
