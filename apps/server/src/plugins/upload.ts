import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { AppError, badRequest } from '../lib/errors.ts';
import { readWithLimit } from '../lib/import/file.ts';

/** One uploaded file read whole (within its limit) and the form's text fields. */
export type UploadForm = {
  file: { bytes: Buffer; filename: string; tooLarge: boolean } | undefined;
  fields: Record<string, string>;
};

/**
 * Registers multipart parsing in the calling plugin's scope only (an upload route's own
 * `app.register`), with busboy stopping at `maxBytes + 1` bytes, one file and a few text fields.
 */
export async function acceptUploads(app: FastifyInstance, maxBytes: number, maxFields = 10): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: maxFields, fieldSize: 64 * 1024, parts: maxFields + 1 }, throwFileSizeLimit: false });
}

/**
 * Reads a multipart form: text fields, and the one file (field name free) kept whole up to
 * `maxBytes` — beyond it `tooLarge` is set and the bytes are dropped, the rest of the stream still
 * consumed. A request that is not multipart, or a malformed one, is the client's 4xx.
 */
export async function readUploadForm(req: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.fileRequired);
  const form: UploadForm = { file: undefined, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const read = await readWithLimit(part.file, maxBytes);
        form.file = { bytes: read.bytes, filename: part.filename, tooLarge: read.tooLarge || part.file.truncated };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(MSG.importOneFile, 'ONE_FILE_ONLY');
    throw badRequest(MSG.importBadMultipart, 'BAD_MULTIPART');
  }
  return form;
}

/**
 * A form's text fields (or a JSON field's value) checked with `schema`: the parsed value, or the
 * 400 a JSON body's check answers (the first issue's message, every issue listed by path).
 */
export function checkFormFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(errors[0]!.message, 'VALIDATION_FAILED', errors);
}
