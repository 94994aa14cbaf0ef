import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `Content-Type: application/json` with an empty body reads as no body (issue 9, item 4): some
 * clients send that header on every POST, and Fastify's parser answered 400
 * FST_ERR_CTP_EMPTY_JSON_BODY — a logout that way left the session alive. A route that requires
 * a body still answers its validation 400. Every non-empty body goes to Fastify's own parser, with
 * the same body limit and prototype-poisoning refusal (`__proto__`, `constructor`) as before.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's defaults for onProtoPoisoning / onConstructorPoisoning.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parse(request, body, done);
  });
});
