import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { ADMINS, STUDENT_RECORD_READERS } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { errorSchema } from '@crs/shared/schemas/common';
import { documentQuery, generateBatchBody, gradeCardParams, issuedListResponse, issuedSchema, transcriptDocumentSchema, transcriptIdParams, transcriptStudentParams, transcriptVerifyParams, transcriptVerifyResponse } from '@crs/shared/schemas/transcripts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { principalOf } from '../../plugins/access.ts';
import { verifyRoute } from '../../plugins/verify-route.ts';
import * as transcripts from './transcripts.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['transcripts'];
/** A Student (their own), a Teacher (students they teach), Admin and SuperAdmin (anyone's). */
const READERS: readonly Role[] = ['Student', 'Guardian', ...STUDENT_RECORD_READERS];
const pdfResponse = z.any().describe('the document as PDF (format=pdf), else its content as JSON');

const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) => sendFile(reply, { type: 'application/pdf', filename }, pdf);

/** A student's grade cards and transcript, under /students (beside the ID card). */
export const studentTranscriptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/:studentId/transcript', {
    config: { access: { roles: READERS } },
    schema: {
      tags,
      summary: "The student's consolidated transcript over published results (format=pdf: issues a verifiable PDF). A Student only their own, a Teacher students they teach",
      params: transcriptStudentParams,
      querystring: documentQuery,
      response: { 200: z.union([transcriptDocumentSchema, pdfResponse]), ...errors },
    },
    handler: async (req, reply) => {
      const p = principalOf(req);
      if (req.query.format !== 'pdf') return transcripts.documentOf(ctx, p, req.params.studentId, 'transcript');
      const { pdf, filename } = await transcripts.issueOne(ctx, p, req.params.studentId, 'transcript');
      return sendPdf(reply, pdf, filename);
    },
  });
  app.get('/:studentId/gradecards/:termId', {
    config: { access: { roles: READERS } },
    schema: {
      tags,
      summary: "The student's grade card of one term (the semester number 1–10) over published results (format=pdf: issues a verifiable PDF)",
      params: gradeCardParams,
      querystring: documentQuery,
      response: { 200: z.union([transcriptDocumentSchema, pdfResponse]), ...errors },
    },
    handler: async (req, reply) => {
      const p = principalOf(req);
      if (req.query.format !== 'pdf') return transcripts.documentOf(ctx, p, req.params.studentId, 'gradecard', req.params.termId);
      const { pdf, filename } = await transcripts.issueOne(ctx, p, req.params.studentId, 'gradecard', req.params.termId);
      return sendPdf(reply, pdf, filename);
    },
  });
  app.get('/:studentId/transcripts/issued', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'The grade cards and transcripts issued for the student, newest first (to revoke one)', params: transcriptStudentParams, response: { 200: issuedListResponse, ...errors } },
    handler: async (req) => ({ issued: await transcripts.issuedFor(ctx, req.params.studentId) }),
  });
};

/** The section batch, revocation and the public verification, under /transcripts. */
export const transcriptsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/generate', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: "One PDF with the grade card (kind gradecard, termId) or transcript of every student of a section who has published results; each one verifiable", body: generateBatchBody, response: { 200: pdfResponse, ...errors } },
    handler: async (req, reply) => {
      const { pdf, filename, count } = await transcripts.generateBatch(ctx, principalOf(req), req.body);
      return sendPdf(reply.header('x-document-count', String(count)), pdf, filename);
    },
  });
  app.post('/:id/revoke', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Revoke an issued grade card or transcript: its QR says invalid from now on', params: transcriptIdParams, response: { 200: z.object({ message: z.string(), issued: issuedSchema }), 409: errorSchema, ...errors } },
    handler: async (req) => ({ message: MSG.transcriptRevoked, issued: await transcripts.revoke(ctx, principalOf(req), req.params.id) }),
  });
  verifyRoute(app, {
    tags,
    summary: 'Whether the grade card or transcript of a QR token is valid: name, student ID, issue date, CGPA — nothing else',
    params: transcriptVerifyParams,
    response: transcriptVerifyResponse,
    verify: (token) => transcripts.verify(ctx, token),
  });
};
