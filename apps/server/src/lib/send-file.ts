import type { FastifyReply } from 'fastify';

/** `Content-Disposition` with an ASCII fallback name and the real one (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export type FileAnswer = {
  type: string;
  filename: string;
  /** Shown in the browser (a PDF, an image) or saved; a download unless said. */
  disposition?: 'inline' | 'attachment';
  /** Bytes, when known before the body streams. */
  size?: number;
  /** A private document stays out of every cache unless the caller says otherwise. */
  cacheControl?: string;
};

/**
 * Answers with a stored or generated file: its type and name (RFC 6266, any script), `nosniff` so
 * the browser never takes it for something else, and no caching by default.
 */
export function sendFile(reply: FastifyReply, file: FileAnswer, body: unknown) {
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.disposition ?? 'attachment', file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cacheControl ?? 'private, no-store')
    .send(body);
}
