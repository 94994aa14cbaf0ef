import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@crs/shared/messages';
import { AppError } from '../lib/errors.ts';
import { illFormedTextPath, mayHoldSurrogateEscape } from '../lib/well-formed.ts';

/** A field holding a lone surrogate: 400 naming it, as a validation error would. */
function illFormedText(path: string): AppError {
  // A key can be long and a path deep: the answer quotes at most 200 characters of it.
  const field = path.length > 200 ? `${path.slice(0, 199)}…` : path || 'body';
  return new AppError(400, 'INVALID_TEXT', MSG.invalidTextIn(field), {}, [{ path: field, message: MSG.invalidText }]);
}

/**
 * `Content-Type: application/json` with an empty body reads as no body (issue 9, item 4): some
 * clients send that header on every POST, and Fastify's parser answered 400
 * FST_ERR_CTP_EMPTY_JSON_BODY — a logout that way left the session alive. A route that requires
 * a body still answers its validation 400. Every non-empty body goes to Fastify's own parser, with
 * the same body limit and prototype-poisoning refusal (`__proto__`, `constructor`) as before.
 *
 * Text that cannot be stored is refused here, once for every route (issue 25): a lone UTF-16
 * surrogate (`"\ud800"`) in any field or key is a 400 naming the field's path. It used to reach the
 * database and come back as a 500 ("invalid input syntax for type json" on jsonb columns). Only a
 * body whose text holds a `\uD8xx`–`\uDFxx` escape is walked, so other bodies cost one regex test.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's defaults for onProtoPoisoning / onConstructorPoisoning.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    if (!mayHoldSurrogateEscape(body)) return parse(request, body, done);
    parse(request, body, (err, value) => {
      if (err) return done(err);
      const path = illFormedTextPath(value);
      done(path === null ? null : illFormedText(path), value);
    });
  });
});
