import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { ADMINS } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import { cardFileQuery, cardParams, generateCardBody, generateSectionBody, idCardResponse, idCardUrlResponse, sectionCardsResponse, verifyParams, verifyResponse } from '@crs/shared/schemas/idcards';
import { ROUTE_ROLES } from '@crs/shared/routes';
import type { AppContext } from '../../context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { principalOf } from '../../plugins/access.ts';
import { verifyRoute } from '../../plugins/verify-route.ts';
import * as files from '../files/files.service.ts';
import * as idcards from './idcards.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['idcards'];
/** The spec's roles of /dashboard/student/idcard: a Student (their own card), Teacher, Admin, SuperAdmin. */
const CARD_ROLES: readonly Role[] = ROUTE_ROLES['/dashboard/student/idcard'];
/** `/students/{studentId}`: the account id or the roll number (STU001001). */
const studentParams = z.strictObject({ studentId: z.string().trim().min(1).max(60) });

/** A student's card under /students (the spec's `GET /v1/students/{studentId}/idcard`; also mounted at /v1/students). */
export const studentCardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/:studentId/idcard', {
    config: { access: { roles: CARD_ROLES } },
    schema: { tags, summary: "The student's live ID card: url (PNG, signed for an hour; &format=pdf the PDF). A Student only their own", params: studentParams, response: { 200: idCardUrlResponse, ...errors } },
    handler: async (req) => idcards.cardOf(ctx, principalOf(req), req.params.studentId),
  });
  app.post('/:studentId/idcard', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Generate (or regenerate) the student’s card; the old QR stops verifying', params: studentParams, body: generateCardBody, response: { 201: idCardResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.idCardGenerated, card: await idcards.generateCard(ctx, principalOf(req).user.id, req.params.studentId, req.body ?? {}) }),
  });
  app.delete('/:studentId/idcard', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Revoke the student’s card: its QR says invalid from now on', params: studentParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await idcards.revokeCard(ctx, principalOf(req), req.params.studentId);
      return { message: MSG.idCardRevoked };
    },
  });
};

/** Section generation, the public verification and the card files, under /idcards. */
export const idcardsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  files.allowReaders('generated', idcards.mayReadFile);
  app.post('/generate', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Generate cards for every student of a section', body: generateSectionBody, response: { 201: sectionCardsResponse, ...errors } },
    handler: async (req, reply) => {
      const cards = await idcards.generateSection(ctx, principalOf(req).user.id, req.body.sectionId, req.body.validUntil);
      return reply.code(201).send({ message: MSG.idCardsGenerated(cards.length), generated: cards.length, cards });
    },
  });
  verifyRoute(app, {
    tags,
    summary: 'Whether the card of a QR token is valid: name, student ID, valid until, photo — nothing else',
    params: verifyParams,
    response: verifyResponse,
    verify: (token) => idcards.verify(ctx, token),
  });
  app.get('/:id/card', {
    config: { access: 'optional' },
    schema: { tags, summary: 'The card as PNG (format=pdf: PDF): with its signed link, or to the student and Teacher/Admin/SuperAdmin', params: cardParams, querystring: cardFileQuery, response: { 200: z.any().describe('the card'), ...errors } },
    handler: async (req, reply) => {
      const { file, stream } = await idcards.openCard(ctx, req.params.id, { principal: req.principal, link: req.query.t, format: req.query.format });
      return sendFile(reply, { type: file.mimeType, filename: file.filename, disposition: req.query.download === '1' ? 'attachment' : 'inline', size: file.size }, stream);
    },
  });
};
