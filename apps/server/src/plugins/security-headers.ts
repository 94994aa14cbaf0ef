// Hand-written in place of @fastify/helmet (decision 0018): it rebuilt helmet's middleware, and so
// every header string, on each request (~6 % of a hot request's CPU). helmet itself still works the
// document set out, once at start; the API set is OWASP's for non-documents (decision 0042).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/** The policy of decision 0009: an explicit CSP without helmet's defaults. */
export const SECURITY_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * Browser features no page of CRS uses, switched off for every document (helmet sets no
 * Permissions-Policy). Nothing calls getUserMedia today; when the ID card or library desk scanner
 * does, `camera=()` becomes `camera=(self)`, and only then.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware runs against a
 * response that only records them. None of our options depends on the request, so every answer
 * gets the same set.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * A document's security headers (pages, the client's files, the API reference): helmet's for
 * `options` and the Permissions-Policy, without HSTS, which only an HTTPS answer carries.
 */
export function securityHeaders(options: HelmetOptions = SECURITY_POLICY): Readonly<Record<string, string>> {
  const { [HSTS]: _hsts, ...headers } = helmetHeaders(options);
  return Object.freeze({ ...headers, 'permissions-policy': PERMISSIONS_POLICY });
}

const HSTS = 'strict-transport-security';

/**
 * An API answer's headers (decision 0042): JSON and files are not documents, so of the document set
 * only the headers that act on any answer stay (OWASP REST Security Cheat Sheet): a CSP that lets
 * the answer load nothing nor be framed, nosniff, no referrer, no framing, no cross-site reads, and
 * never cached unless the route chooses a policy itself (a file by its immutable id).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
});

/** API answers: everything under /api except the reference pages at /api/docs, which are documents. */
export const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The security headers on every answer, each set built once at start (decision 0018): @fastify/helmet
 * rebuilt its middleware, and so every header string, on each request. The API set or the document
 * set by the URL, and HSTS over HTTPS only (RFC 6797 §7.2: never over plain HTTP). Added first thing
 * in onRequest, so errors, 404s and files carry them too (decisions 0009, 0042).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { policy?: HelmetOptions }) => {
  const policy = opts.policy ?? SECURITY_POLICY;
  const documents = securityHeaders(policy);
  const hsts = helmetHeaders(policy)[HSTS];
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? API_HEADERS : documents);
    if (hsts !== undefined && request.protocol === 'https') reply.header(HSTS, hsts);
    done();
  });
});
