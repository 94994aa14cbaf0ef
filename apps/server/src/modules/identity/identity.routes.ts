import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { SUPERADMIN_ONLY } from '@crs/shared/roles';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import {
  linkedIdentitiesResponse,
  loginResponseSchema,
  oidcCallbackQuery,
  oidcExchangeSchema,
  oidcProviderInputSchema,
  oidcProviderParams,
  oidcProviderPatchSchema,
  oidcProviderResponse,
  oidcProvidersResponse,
  oidcPublicProvidersResponse,
  oidcStartQuery,
} from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import * as identity from './identity.service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['identity'];
const redirect = { 302: z.null().describe('Redirect (Location header)') };

/** Sign-in with the college's identity provider and the user's linked identities (issue 28), under /auth. */
export const identityAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/oidc/providers', {
    config: { access: 'public' },
    schema: { tags, summary: "The login page's 'Sign in with …' buttons: id and label of each enabled provider", response: { 200: oidcPublicProvidersResponse } },
    handler: async () => identity.publicProviders(ctx),
  });

  app.get('/oidc/:provider/start', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Start a provider sign-in: 302 to the provider (code flow, PKCE S256, state, nonce); returnTo is a path of this portal',
      params: oidcProviderParams,
      querystring: oidcStartQuery,
      response: { ...redirect, 400: errorSchema, 404: errorSchema },
    },
    handler: async (req, reply) => reply.redirect(await identity.start(ctx, req.params.provider, req.query.returnTo ?? '/dashboard'), 302),
  });

  app.get('/oidc/:provider/callback', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The provider's answer: 302 to /login/callback#code=<one-time code>&returnTo=… or /login/callback#error=<CODE>&message=… (never a token in a URL)",
      params: oidcProviderParams,
      querystring: oidcCallbackQuery,
      response: redirect,
    },
    handler: async (req, reply) => {
      const location = await identity.callback(ctx, req.params.provider, req.query, meta(req), (err) => req.log.warn({ err }, 'OpenID Connect sign-in refused'));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });

  app.post('/oidc/exchange', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Exchange the one-time code of /login/callback (valid 60 s, once) for the login answer',
      body: oidcExchangeSchema,
      response: { 200: loginResponseSchema, 400: errorSchema, 403: errorSchema },
    },
    handler: async (req) => ({ message: MSG.loggedIn, ...(await identity.exchange(ctx, req.body.code, meta(req))) }),
  });

  app.get('/identities', {
    config: { access: anyUser },
    schema: { tags, summary: "Your linked identity provider accounts, and whether you have a password", response: { 200: linkedIdentitiesResponse, 401: errorSchema } },
    handler: async (req) => identity.identities(ctx, principalOf(req)),
  });

  app.delete('/identities/:id', {
    config: { access: anyUser },
    schema: {
      tags,
      summary: 'Unlink one of your identity provider accounts (409 without a password: it may be your only way in)',
      params: z.strictObject({ id: z.uuid({ error: MSG.identityNotFound }) }),
      response: { 200: messageSchema, ...errors },
    },
    handler: async (req) => {
      await identity.unlink(ctx, principalOf(req), req.params.id);
      return { message: MSG.identityUnlinked };
    },
  });
};

const superAdmin = { access: { roles: SUPERADMIN_ONLY } };
const idParams = z.strictObject({ id: z.string().max(40) });

/** The OpenID Connect providers at Settings (SuperAdmin), under /settings/oidc-providers. */
export const oidcProviderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: superAdmin,
    schema: { tags, summary: 'Every sign-in provider, the environment one included (read-only); never a secret', response: { 200: oidcProvidersResponse, ...errors } },
    handler: async () => ({ providers: await identity.listProviders(ctx) }),
  });

  app.post('/', {
    config: superAdmin,
    schema: {
      tags,
      summary: "Add a sign-in provider: its issuer's discovery document must answer; the secret is kept sealed",
      body: oidcProviderInputSchema,
      response: { 201: oidcProviderResponse, ...errors },
    },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.oidcProviderCreated, provider: await identity.createProvider(ctx, principalOf(req), req.body) }),
  });

  app.patch('/:id', {
    config: superAdmin,
    schema: { tags, summary: 'Change a sign-in provider (without clientSecret the secret is kept)', params: idParams, body: oidcProviderPatchSchema, response: { 200: oidcProviderResponse, ...errors } },
    handler: async (req) => ({ message: MSG.oidcProviderUpdated, provider: await identity.updateProvider(ctx, principalOf(req), req.params.id, req.body) }),
  });

  app.delete('/:id', {
    config: superAdmin,
    schema: { tags, summary: 'Remove a sign-in provider (its linked accounts stay bound to their subjects)', params: idParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await identity.deleteProvider(ctx, principalOf(req), req.params.id);
      return { message: MSG.oidcProviderDeleted };
    },
  });
};
