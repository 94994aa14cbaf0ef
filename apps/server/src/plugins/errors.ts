import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { AppError } from '../lib/errors.ts';

/**
 * The one error handler: typed AppErrors keep their status, code and message; validation
 * failures become 400 with the schema's own messages; anything unexpected is logged and answered
 * with a generic 500 — no stack, SQL or path reaches a client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: v.keyword === 'unrecognized_keys' ? MSG.unknownField((v.params as { keys?: string[] }).keys?.join(', ') ?? '') : v.message ?? MSG.invalidValue,
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? MSG.validation, code: 'VALIDATION_FAILED', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ message: MSG.internal, code: 'INTERNAL' });
    }
    if (isUnstorableText(err)) {
      // A NUL byte (or text the database encoding cannot hold) in any field: the client's input, not our fault.
      return reply.code(400).send({ message: MSG.invalidText, code: 'INVALID_TEXT' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, wrong content type): safe to show.
      return reply.code(status).send({ message: err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MSG.internal, code: 'INTERNAL' });
  });
});

// PostgreSQL: 22021 character_not_in_repertoire (e.g. "\u0000" in text), 22P05 untranslatable_character.
// Drizzle wraps the driver's error, so the code may sit on `cause`.
function isUnstorableText(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.cause?.code ?? e?.code;
  return code === '22021' || code === '22P05';
}
