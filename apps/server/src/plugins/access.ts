import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@crs/shared/roles';
import { hasAnyRole } from '@crs/shared/roles';
import type { UserRow } from '../db/schema/users.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** The signed-in caller of a request: the account (never its password hash) and the session. */
export type Principal = { user: Omit<UserRow, 'passwordHash'>; sessionId: string };

/**
 * Resolves a bearer token to its principal or throws 401. The auth module provides it; the
 * composition root passes it in, so this core plugin never imports a module.
 */
export type Authenticator = (token: string) => Promise<Principal>;

/** Who may call a route: 'public', or signed-in users holding one of `roles` (empty = any). */
export type Access = 'public' | { roles: readonly Role[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The principal of an authenticated route (the access hook has already checked it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export const anyUser: Access = { roles: [] };

/**
 * Deny by default: every /api route must declare `config.access` or the server refuses to start;
 * the hook below authenticates and checks roles before any handler runs.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticator }) => {
  const routes: Array<{ method: string; url: string; access: Access }> = [];
  app.decorate('apiRoutes', routes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    // The OpenAPI document asks for a bearer token everywhere except on public routes.
    if (access === 'public' && route.schema) (route.schema as { security?: unknown[] }).security = [];
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });

  // Callback style, not async: a public route passes without a promise (decision 0018).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return done();
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return done(unauthorized());
    opts.authenticate(match[1]!).then((principal) => {
      request.principal = principal;
      done(hasAnyRole(principal.user.roles, access.roles) ? undefined : forbidden());
    }, done);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}
