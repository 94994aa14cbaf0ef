import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema } from '@crs/shared/schemas/common';
import { importErrorSchema, importQuery, importResultSchema } from '@crs/shared/schemas/import';
import { AppError, badRequest } from '../lib/errors.ts';
import { byteLimit, detectKind, fileTooLarge, IMPORT_MAX_BYTES, readWithLimit } from '../lib/import/file.ts';
import type { FileKind } from '../lib/import/file.ts';
import type { ImportOutcome } from '../lib/import/pipeline.ts';
import { principalOf } from './access.ts';
import type { Access, Principal } from './access.ts';

/** An upload that passed the size and type checks: its bytes and what its content is. */
export type ImportUpload = { bytes: Buffer; kind: FileKind; filename: string };

export type ImportRouteOptions = {
  url: string;
  access: Access;
  tags: string[];
  /** What is imported, for the API docs ('books'). */
  what: string;
  /** `p`: who imports (the access hook has checked them); `req` for a URL with params (`/sections/:id/students/import`). */
  run(p: Principal, upload: ImportUpload, dryRun: boolean, req: FastifyRequest): Promise<ImportOutcome>;
};

/**
 * Reads the one file of a multipart request to its end with a hard byte limit. A file over its
 * kind's limit is refused whole (413) however the stream was cut; the type comes from the content,
 * never the name (415).
 */
async function readUpload(req: FastifyRequest): Promise<ImportUpload> {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.importNoFile);
  let upload: { bytes: Buffer; tooLarge: boolean; filename: string } | undefined;
  try {
    const part = await req.file();
    if (part) {
      const read = await readWithLimit(part.file, IMPORT_MAX_BYTES);
      // busboy stops at fileSize (limit + 1) and marks the stream; either sign means too large.
      upload = { ...read, tooLarge: read.tooLarge || part.file.truncated, filename: part.filename };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(MSG.importOneFile, 'ONE_FILE_ONLY');
    // Anything else is a malformed form (busboy's errors carry no status): the client's fault.
    throw badRequest(MSG.importBadMultipart, 'BAD_MULTIPART');
  }
  if (!upload) throw badRequest(MSG.importNoFile, 'FILE_REQUIRED');
  if (upload.tooLarge) throw fileTooLarge();
  const kind = detectKind(upload.bytes);
  if (upload.bytes.length > byteLimit(kind)) throw fileTooLarge();
  return { bytes: upload.bytes, kind, filename: upload.filename };
}

/**
 * One module's import route, `POST <url>[?dryRun=true]` (multipart, one file field): the upload
 * is read and checked here, the module's `run` does the rest through lib/import's pipeline.
 * Multipart parsing is registered in this route's own scope only.
 */
export const importRoute: FastifyPluginAsyncZod<ImportRouteOptions> = async (app, opts) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10, parts: 11 }, throwFileSizeLimit: false });
  app.post(opts.url, {
    config: { access: opts.access },
    schema: {
      tags: opts.tags,
      summary: `Import ${opts.what} from a CSV, .xlsx or .xls file (multipart, field "file"); ?dryRun=true previews; all-or-nothing`,
      consumes: ['multipart/form-data'],
      querystring: importQuery,
      response: {
        200: importResultSchema,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        409: errorSchema,
        413: errorSchema,
        415: errorSchema,
        422: importErrorSchema,
      },
    },
    handler: async (req, reply) => {
      const upload = await readUpload(req);
      const outcome = await opts.run(principalOf(req), upload, req.query.dryRun, req);
      return reply.code(outcome.status).send(outcome.body);
    },
  });
};
