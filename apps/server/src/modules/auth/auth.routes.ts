import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  meResponseSchema,
  refreshResponseSchema,
  refreshSchema,
  registerResponseSchema,
  registerSchema,
  resetConfirmSchema,
  updateMeSchema,
} from '@crs/shared/schemas/auth';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import { loginResponseSchema } from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import { mfaRoutes } from './auth.mfa.routes.ts';
import * as auth from './auth.service.ts';
import { sessionRoutes } from './auth.sessions.routes.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

/** Accounts: register, login, logout, refresh, me, password reset (spec section 7); the second factor and sessions page (issue 28). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A reset request still at work when the server stops finishes first (its answer promised a mail).
  app.addHook('onClose', async () => auth.resetRequestsDone(ctx));
  await app.register(mfaRoutes, { prefix: '/mfa', ctx });
  await app.register(sessionRoutes, { prefix: '/sessions', ctx });

  app.post('/register', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: "Create an account (Student, Teacher or Staff; Guardian with a child's link code, active at once)", body: registerSchema, response: { 201: registerResponseSchema, ...errors } },
    handler: async (req, reply) => {
      const { pending, ...body } = await auth.register(ctx, req.body, meta(req));
      return reply.code(201).send({ message: pending ? MSG.registeredPending : MSG.registered, ...body });
    },
  });

  app.post('/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in (answers mfaRequired and an mfaToken instead of tokens when a second factor is due)',
      body: loginSchema,
      response: { 200: loginResponseSchema, ...errors },
    },
    handler: async (req) => ({ message: MSG.loggedIn, ...(await auth.login(ctx, req.body.email, req.body.password, meta(req))) }),
  });

  app.post('/logout', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Sign out: revokes this session', response: { 200: messageSchema, 401: errorSchema } },
    handler: async (req) => {
      await auth.logout(ctx, principalOf(req).sessionId);
      return { message: MSG.loggedOut };
    },
  });

  app.post('/refresh', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Rotate a refresh token', body: refreshSchema, response: { 200: refreshResponseSchema, ...errors } },
    handler: async (req) => auth.refresh(ctx, req.body.refreshToken),
  });

  app.get('/users/me', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponseSchema, 401: errorSchema } },
    // Synchronous: the hot authenticated read makes no promise (decision 0018).
    handler: (req) => ({ message: MSG.userFetched, user: auth.me(principalOf(req)) }),
  });

  app.patch('/users/me', {
    config: { access: anyUser },
    schema: { tags: ['auth'], summary: 'Change name, email or bio', body: updateMeSchema, response: { 200: meResponseSchema, ...errors } },
    handler: async (req) => ({ message: MSG.profileUpdated, user: await auth.updateMe(ctx, principalOf(req).user.id, req.body) }),
  });

  app.post('/users/me/password', {
    config: { access: anyUser },
    schema: {
      tags: ['auth'],
      summary: 'Change your password (the current one required); signs out your other sessions and answers a new access token for this one',
      body: changePasswordSchema,
      response: { 200: changePasswordResponseSchema, ...errors },
    },
    handler: async (req) => ({ message: MSG.passwordChanged, token: await auth.changePassword(ctx, principalOf(req), req.body, meta(req)) }),
  });

  app.post('/reset/request', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Mail a password reset link', body: forgotPasswordSchema, response: { 200: messageSchema, ...errors } },
    // Answers once the request is counted; the account and the mail are looked after afterwards.
    handler: async (req) => {
      await auth.requestReset(ctx, req.body.email, req.ip, (err) => req.log.error({ err }, 'password reset request failed after its answer'));
      return { message: MSG.resetRequested };
    },
  });

  app.post('/reset/confirm', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Set a new password with a reset token', body: resetConfirmSchema, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await auth.confirmReset(ctx, req.body, req.ip);
      return { message: MSG.resetDone };
    },
  });
};
