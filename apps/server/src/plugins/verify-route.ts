import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorSchema } from '@crs/shared/schemas/common';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `GET /verify/:token`, the public check a document's QR code opens (an ID card, a transcript): no
 * sign-in, kept out of search engines (`x-robots-tag: noindex`), and only what `verify` tells.
 */
export function verifyRoute<R extends z.ZodType>(
  app: App,
  { tags, summary, params, response, verify }: { tags: string[]; summary: string; params: z.ZodType<{ token: string }>; response: R; verify: (token: string) => Promise<z.input<R>> },
) {
  // The caller's answer is checked against its schema above; the route itself serialises any.
  const answer: (token: string) => Promise<unknown> = verify;
  app.get('/verify/:token', {
    config: { access: 'public' },
    schema: { tags, summary, params, response: { 200: response as z.ZodType, 400: errorSchema } },
    handler: async (req, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return answer(req.params.token);
    },
  });
}
