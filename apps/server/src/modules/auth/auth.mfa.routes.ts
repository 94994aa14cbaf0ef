import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { authResponseSchema } from '@crs/shared/schemas/auth';
import { errorSchema, idParams, messageSchema } from '@crs/shared/schemas/common';
import {
  mfaStatusSchema,
  mfaVerifySchema,
  recoveryCodesRegenerateSchema,
  recoveryCodesResponseSchema,
  totpConfirmResponseSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupResponseSchema,
  totpSetupSchema,
} from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import * as mfa from './auth.mfa.ts';
import { forgetSessions } from './auth.service.ts';
import * as auth from './auth.service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
/**
 * The caller of a set-up or confirm without an mfaToken: signed in, or the body lacks the token
 * (400 on `mfaToken`: an 'optional' route, so no session is no 401).
 */
function signedIn(req: FastifyRequest) {
  if (!req.principal) throw badRequest(MSG.mfaTokenInvalid, 'MFA_TOKEN_REQUIRED', [{ path: 'mfaToken', message: MSG.mfaTokenInvalid }]);
  return principalOf(req);
}
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * The second factor (issue 28 item 3, decision 0047), under /auth/mfa. `verify` completes a sign-in
 * that answered `mfaRequired`; set-up and confirm work signed in, or with the `mfaToken` of a sign-in
 * that must enrol (then confirm signs the user in). Wrong codes: 400 on `code`, throttled (429).
 */
export const mfaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/verify', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Complete a sign-in with a TOTP or recovery code', body: mfaVerifySchema, response: { 200: authResponseSchema, ...errors } },
    handler: async (req) => auth.verifyMfa(ctx, req.body, meta(req)),
  });

  app.get('/', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Your second factor: on or off, recovery codes left, required by your role', response: { 200: mfaStatusSchema, 401: errorSchema } },
    handler: async (req) => mfa.status(ctx, principalOf(req).user),
  });

  app.post('/totp/setup', {
    // Signed in, or with the mfaToken of a sign-in that must enrol (a sent bearer token must be valid).
    config: { access: 'optional' },
    schema: {
      tags: ['auth'],
      summary: 'Start TOTP enrolment: a new key, its otpauth URL and QR code (signed in, or with an mfaToken that must enrol)',
      body: totpSetupSchema,
      response: { 200: totpSetupResponseSchema, ...errors },
    },
    handler: async (req) => (req.body.mfaToken ? auth.setupTotpSigningIn(ctx, req.body.mfaToken) : mfa.setup(ctx, signedIn(req).user)),
  });

  app.post('/totp/confirm', {
    config: { access: 'optional' },
    schema: {
      tags: ['auth'],
      summary: 'Turn TOTP on with its first code; answers ten recovery codes (and, with an mfaToken, signs you in)',
      body: totpConfirmSchema,
      response: { 200: totpConfirmResponseSchema, ...errors },
    },
    handler: async (req) => {
      const who = req.body.mfaToken ? { mfaToken: req.body.mfaToken } : { principal: signedIn(req) };
      return auth.confirmTotp(ctx, who, req.body.code, meta(req));
    },
  });

  app.delete('/totp', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Turn TOTP off with a current or recovery code', body: totpDisableSchema, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await mfa.disable(ctx, principalOf(req), req.body.code, req.ip);
      return { message: MSG.mfaDisabled };
    },
  });

  app.post('/recovery-codes', {
    config: { access: anyUser },
    schema: {
      tags: ['auth'],
      summary: 'Ten new recovery codes for a current TOTP code (the old ones stop working)',
      body: recoveryCodesRegenerateSchema,
      response: { 200: recoveryCodesResponseSchema, ...errors },
    },
    handler: async (req) => ({ message: MSG.mfaRecoveryCodesRenewed, recoveryCodes: await mfa.renewRecoveryCodes(ctx, principalOf(req), req.body.code, req.ip) }),
  });
};

/** DELETE /users/{id}/mfa (SuperAdmin): resets a user's second factor and ends their sessions, audited. */
export const userMfaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.delete('/:id/mfa', {
    config: { access: { roles: ['SuperAdmin'] } },
    schema: {
      tags: ['users'],
      summary: "Reset a user's second factor (they set it up again at their next sign-in when their role requires it)",
      params: idParams,
      response: { 200: messageSchema, ...errors },
    },
    handler: async (req) => {
      await forgetSessions(ctx, await mfa.reset(ctx, principalOf(req), req.params.id));
      return { message: MSG.mfaReset };
    },
  });
};
