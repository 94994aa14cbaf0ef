import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { ADMINS, ANY_SIGNED_IN } from '@crs/shared/roles';
import { errorSchema, idParamsWith, messageSchema } from '@crs/shared/schemas/common';
import { docFieldsSchema, docPatchSchema, docResponse, docsQuery, docsResponse } from '@crs/shared/schemas/docs';
import { FILE_RULES } from '@crs/shared/schemas/files';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { acceptUploads, checkFormFields, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as docs from './docs.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['docs'];

/**
 * The document repository (spec: `GET /v1/docs?q=&type=`), mounted at /docs and at the spec's
 * doubled /v1/docs. Reading: any signed-in user (notes of a subject filtered per reader);
 * publishing, editing and deleting: Admin/SuperAdmin.
 */
export const docsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  files.allowReaders('document', docs.mayRead);
  app.get('/', {
    config: { access: { roles: ANY_SIGNED_IN } },
    schema: { tags, summary: 'Documents and teaching materials the caller may see, newest first, with signed file links', querystring: docsQuery, response: { 200: docsResponse, ...errors } },
    handler: async (req) => docs.listDocs(ctx, principalOf(req), req.query),
  });
  app.patch('/:id', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Edit a document (title, type, description, subject of notes)', params: idParamsWith(MSG.docNotFound), body: docPatchSchema, response: { 200: docResponse, ...errors } },
    handler: async (req) => ({ message: MSG.docUpdated, doc: await docs.updateDoc(ctx, req.params.id, req.body) }),
  });
  app.delete('/:id', {
    config: { access: { roles: ADMINS } },
    schema: { tags, summary: 'Delete a document and its file', params: idParamsWith(MSG.docNotFound), response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await docs.deleteDoc(ctx, principalOf(req), req.params.id);
      return { message: MSG.docDeleted };
    },
  });
  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.document.maxBytes, 5);
    uploads.post('/', {
      config: { access: { roles: ADMINS } },
      schema: {
        tags,
        summary: 'Publish a document (multipart title, type, description, subjectId for notes, file ≤ 20 MiB: PDF, Office, OpenDocument, images)',
        consumes: ['multipart/form-data'],
        response: { 201: docResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req, reply) => {
        const { file, fields } = await readUploadForm(req, FILE_RULES.document.maxBytes);
        const input = checkFormFields(docFieldsSchema, fields);
        const doc = await docs.createDoc(ctx, principalOf(req), input, files.requiredUpload('document', file));
        return reply.code(201).send({ message: MSG.docUploaded, doc });
      },
    });
  });
};
