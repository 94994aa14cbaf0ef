import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes a compressed answer saves less than its cost (and often fits one packet anyway). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Which routes may compress their answers (decision 0019):
 * - only the API (`/api/...`): the client's files are compressed at build time and sent as they are;
 * - never `/api/v1/auth/*`: login and refresh answers carry tokens, and a secret in a compressed
 *   answer next to text a client chose is what BREACH reads; they are small anyway. The hot
 *   `GET /auth/users/me` thus runs no compression hook at all;
 * - never `/api/v1/health*`: probes, tiny answers, measured against a bare route.
 */
export function mayCompress(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/v1/auth') && !url.startsWith('/api/v1/health');
}

/**
 * API answers of at least COMPRESS_THRESHOLD bytes go out brotli- (quality 4) or gzip-compressed
 * when the client accepts it. Routes outside `mayCompress` get no hook, so they pay nothing; the
 * others skip small bodies after a length check. Request bodies are never inflated (no
 * decompression): uploads keep their byte limits as sent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (registered next), which honours `compress: false`.
  app.addHook('onRoute', (route) => {
    if (!mayCompress(route.url ?? '')) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
});
