import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { NOTICE_PUBLISHERS } from '@crs/shared/roles';
import { errorSchema, idParamsWith, messageSchema, studentRefParams } from '@crs/shared/schemas/common';
import { FILE_RULES } from '@crs/shared/schemas/files';
import { allNoticesResponse, createNoticeSchema, myNoticesResponse, noticeAudiencesResponse, noticeResponse, updateNoticeSchema } from '@crs/shared/schemas/notices';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import { acceptUploads, checkFormFields, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as notices from './notices.service.ts';

const publishers = { roles: NOTICE_PUBLISHERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['notices'];
const params = idParamsWith(MSG.noticeNotFound);
/** A multipart text field holding JSON: undefined when it is missing or not JSON (a 400 on `notice`). */
const parseJsonField = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

/** Notices: every signed-in user reads theirs; Staff, Admin and SuperAdmin publish. */
export const noticesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  files.allowReaders('notice', notices.mayReadAttachment);

  app.get('/', {
    config: { access: anyUser },
    schema: { tags, summary: "The caller's notices (audience and expiry applied), pinned first then newest, with unread flags", response: { 200: myNoticesResponse, ...errors } },
    handler: async (req) => notices.myNotices(ctx, principalOf(req)),
  });
  app.get('/manage', {
    config: { access: publishers },
    schema: { tags, summary: 'Every notice, expired ones too (publishers)', response: { 200: allNoticesResponse, ...errors } },
    handler: async (req) => notices.allNotices(ctx, principalOf(req)),
  });
  app.get('/audiences', {
    config: { access: publishers },
    schema: { tags, summary: 'The roles, departments and sections a notice can be addressed to', response: { 200: noticeAudiencesResponse, ...errors } },
    handler: async () => notices.audiences(ctx),
  });
  app.post('/', {
    config: { access: publishers },
    schema: { tags, summary: 'Publish a notice (Markdown body; audience by roles, departments, sections)', body: createNoticeSchema, response: { 201: noticeResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.noticeCreated, notice: await notices.createNotice(ctx, principalOf(req), req.body) }),
  });
  app.patch('/:id', {
    config: { access: publishers },
    schema: { tags, summary: 'Edit a notice (its author, or Admin/SuperAdmin)', params, body: updateNoticeSchema, response: { 200: noticeResponse, ...errors } },
    handler: async (req) => ({ message: MSG.noticeUpdated, notice: await notices.updateNotice(ctx, principalOf(req), req.params.id, req.body) }),
  });
  app.delete('/:id', {
    config: { access: publishers },
    schema: { tags, summary: 'Delete a notice and its attachment (its author, or Admin/SuperAdmin)', params, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await notices.deleteNotice(ctx, principalOf(req), req.params.id);
      return { message: MSG.noticeDeleted };
    },
  });
  app.post('/:id/read', {
    config: { access: anyUser },
    schema: { tags, summary: 'Mark one of your notices read', params, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await notices.markRead(ctx, principalOf(req), req.params.id);
      return { message: MSG.noticeRead };
    },
  });
  app.delete('/:id/attachment', {
    config: { access: publishers },
    schema: { tags, summary: "Remove a notice's attachment", params, response: { 200: noticeResponse, ...errors } },
    handler: async (req) => ({ message: MSG.noticeAttachmentRemoved, notice: await notices.removeAttachment(ctx, principalOf(req), req.params.id) }),
  });
  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.notice.maxBytes, 2);
    uploads.withTypeProvider<ZodTypeProvider>().post('/with-attachment', {
      config: { access: publishers },
      schema: {
        tags,
        summary: 'Publish a notice with its attachment, all or nothing (multipart: `notice`, the JSON body of POST /notices, then `file` ≤ 20 MiB)',
        consumes: ['multipart/form-data'],
        response: { 201: noticeResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req, reply) => {
        const { file, fields } = await readUploadForm(req, FILE_RULES.notice.maxBytes);
        const raw = parseJsonField(fields.notice);
        if (raw === undefined) throw badRequest(MSG.invalidValue, 'VALIDATION_FAILED', [{ path: 'notice', message: MSG.invalidValue }]);
        const input = checkFormFields(createNoticeSchema, raw);
        return reply.code(201).send({ message: MSG.noticeCreated, notice: await notices.createNotice(ctx, principalOf(req), input, files.requiredUpload('notice', file)) });
      },
    });
    uploads.withTypeProvider<ZodTypeProvider>().put('/:id/attachment', {
      config: { access: publishers },
      schema: {
        tags,
        summary: "Attach a file to a notice (multipart `file` ≤ 20 MiB: PDF, Office, OpenDocument, images), replacing any earlier one",
        params,
        consumes: ['multipart/form-data'],
        response: { 200: noticeResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req) => {
        const { file } = await readUploadForm(req, FILE_RULES.notice.maxBytes);
        return { message: MSG.noticeAttachmentSaved, notice: await notices.setAttachment(ctx, principalOf(req), req.params.id, files.requiredUpload('notice', file)) };
      },
    });
  });
};

/** A student's notices under /students (issue 30): `GET /students/{id}/notices`, for their guardian (the student, a Teacher, a manager too). */
export const studentNoticesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/:id/notices', {
    config: { access: { roles: ['Student', 'Guardian', 'Teacher', 'Admin', 'SuperAdmin'] } },
    schema: { tags, summary: 'The notices addressed to a student (for their guardian; the student, a Teacher, a manager)', params: studentRefParams, response: { 200: myNoticesResponse, ...errors } },
    handler: async (req) => notices.studentNotices(ctx, principalOf(req), req.params.id),
  });
};
