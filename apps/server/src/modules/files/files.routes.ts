import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema, idParamsWith } from '@crs/shared/schemas/common';
import { fileQuery } from '@crs/shared/schemas/files';
import type { AppContext } from '../../context.ts';
import { sendFile } from '../../lib/send-file.ts';
import * as files from './files.service.ts';

/** Types a browser may show in place; everything else is always a download. */
const SHOWN_IN_PLACE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** Stored files (decision 0025): one address per file, access decided per file. */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/:id', {
    config: { access: 'optional' },
    schema: {
      tags: ['files'],
      summary: 'A stored file: avatars to anyone; others to their owner, admins, whom the owning module allows, or a signed link (?t=)',
      params: idParamsWith(MSG.fileNotFound),
      querystring: fileQuery,
      response: { 200: z.any().describe('the file'), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (req, reply) => {
      const { file, stream } = await files.openFile(ctx, req.params.id, { principal: req.principal, link: req.query.t });
      const inPlace = SHOWN_IN_PLACE.has(file.mimeType) && req.query.download !== '1';
      const cacheControl = file.purpose === 'avatar' || file.purpose === 'logo' ? 'private, max-age=31536000, immutable' : undefined;
      return sendFile(reply, { type: file.mimeType, filename: file.filename, disposition: inPlace ? 'inline' : 'attachment', size: file.size, cacheControl }, stream);
    },
  });
};
