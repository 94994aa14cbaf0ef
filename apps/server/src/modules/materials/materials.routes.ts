import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { TEACHER_AREA } from '@crs/shared/roles';
import { errorSchema, idParamsWith, messageSchema } from '@crs/shared/schemas/common';
import { FILE_RULES } from '@crs/shared/schemas/files';
import { materialFieldsSchema, materialResponse, materialsResponse } from '@crs/shared/schemas/materials';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { acceptUploads, checkFormFields, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as materials from './materials.service.ts';

const access = { roles: TEACHER_AREA };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['materials'];

/** Teaching materials under /teachers (the spec's `POST /teachers/materials`). */
export const materialsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  files.allowReaders('material', materials.mayRead);

  app.get('/materials', {
    config: { access },
    schema: { tags, summary: "The caller's materials, newest first (Admin: all), with signed file links", response: { 200: materialsResponse, ...errors } },
    handler: async (req) => materials.listMaterials(ctx, principalOf(req)),
  });
  app.delete('/materials/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a material and its file', params: idParamsWith(MSG.materialNotFound), response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await materials.deleteMaterial(ctx, principalOf(req), req.params.id);
      return { message: MSG.materialDeleted };
    },
  });
  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.material.maxBytes, 5);
    uploads.post('/materials', {
      config: { access },
      schema: {
        tags,
        summary: 'Upload a material (multipart title, description, subjectId optional, file ≤ 20 MiB: PDF, Office, OpenDocument, images, zip)',
        consumes: ['multipart/form-data'],
        response: { 201: materialResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req, reply) => {
        const { file, fields } = await readUploadForm(req, FILE_RULES.material.maxBytes);
        const input = checkFormFields(materialFieldsSchema, fields);
        const material = await materials.createMaterial(ctx, principalOf(req), input, files.requiredUpload('material', file));
        return reply.code(201).send({ message: MSG.materialUploaded, material });
      },
    });
  });
};
