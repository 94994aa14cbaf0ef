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

/** Every answer's security headers: helmet's for `options` and the Permissions-Policy. */
export function securityHeaders(options: HelmetOptions = SECURITY_POLICY): Readonly<Record<string, string>> {
  return Object.freeze({ ...helmetHeaders(options), 'permissions-policy': PERMISSIONS_POLICY });
}

/**
 * helmet's headers and the Permissions-Policy on every answer, built once at start (decision 0018): @fastify/helmet rebuilt
 * its middleware, and so every header string, on each request. Added first thing in onRequest,
 * so errors, 404s and files carry them too (decision 0009).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { policy?: HelmetOptions }) => {
  const headers = securityHeaders(opts.policy);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
