import { MSG } from '@crs/shared/messages';

/** A refusal the client should see: status, stable code and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: Array<{ path: string; message: string }>,
  ) {
    super(message);
  }
}

export const unauthorized = (message: string = MSG.unauthenticated, code = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (message: string = MSG.forbidden, code = 'FORBIDDEN') => new AppError(403, code, message);
/**
 * A 404 names what is missing: a specific code (`SECTION_NOT_FOUND`) and its message are required,
 * and the generic `NOT_FOUND` is refused by the type (decision 0015, Errors).
 */
export const notFound = <C extends string>(message: string, code: C extends 'NOT_FOUND' ? never : C) => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const badRequest = (message: string, code = 'BAD_REQUEST', errors?: Array<{ path: string; message: string }>) =>
  new AppError(400, code, message, {}, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyAttempts, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** Over the API rate limit (decision 0031): the window ends in `retryAfterSeconds`. */
export const rateLimited = (retryAfterSeconds: number, limit: number) => {
  const wait = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return new AppError(429, 'RATE_LIMITED', MSG.rateLimited, {
    'retry-after': wait,
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': '0',
    'ratelimit-reset': wait,
  });
};
