import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@crs/shared/roles';
import { hasAnyRole } from '@crs/shared/roles';
import type { UserRow } from '../db/schema/users.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** The signed-in caller of a request: the account (never its password hash) and the session. */
/** Who is calling: the account, the session, and (from principalOf) the client's address. */
export type Principal = { user: Omit<UserRow, 'passwordHash'>; sessionId: string; ip?: string };

/**
 * Resolves a bearer token to its principal or throws 401 — synchronously when everything it needs
 * is cached (the hot path, no promise), else as a promise. The auth module provides it; the
 * composition root passes it in, so this core plugin never imports a module.
 */
export type Authenticator = (token: string) => Principal | Promise<Principal>;

/**
 * Who may call a route: 'public'; 'optional' (anyone, but a bearer token that is sent must be
 * valid, and the handler then knows who it is — files decide per file); or signed-in users
 * holding one of `roles` (empty = any).
 */
export type Access = 'public' | 'optional' | { roles: readonly Role[] };

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
  // The cached principal is shared between requests: the address goes on a copy.
  return { ...request.principal, ip: request.ip };
}

export const anyUser: Access = { roles: [] };

/** The name of the bearer scheme in the OpenAPI document's `components.securitySchemes`. */
export const BEARER_SCHEME = 'bearer';

/**
 * What the OpenAPI document says a route needs, from its access rule (the one source): nothing on
 * a public route, a bearer token on any other, optional (`{}` or the token) on an 'optional' one.
 * A route without a rule is not an API route (the client's pages, the docs) and gets none.
 */
export function openapiSecurity(access: Access | undefined): Array<Record<string, string[]>> {
  if (access === undefined || access === 'public') return [];
  if (access === 'optional') return [{}, { [BEARER_SCHEME]: [] }];
  return [{ [BEARER_SCHEME]: [] }];
}

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
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    // The check runs as the route's own onRequest hook (decision 0018): a public route has none,
    // and a protected one needs no per-request lookup of its rule. A new array each time: Fastify
    // copies a GET route's options for its HEAD twin before this hook runs.
    if (access !== 'public') route.onRequest = [...[route.onRequest ?? []].flat(), accessHook(access, opts.authenticate)];
  });
});

/**
 * Authenticates the bearer token and checks the roles (`'optional'`: no token passes, a sent token
 * must be valid); callback style, no promise on the cached path.
 */
function accessHook(access: Exclude<Access, 'public'>, authenticate: Authenticator): onRequestHookHandler {
  const admit = (request: FastifyRequest, principal: Principal, done: HookHandlerDoneFunction) => {
    request.principal = principal;
    done(access === 'optional' || hasAnyRole(principal.user.roles, access.roles) ? undefined : forbidden());
  };
  return function checkAccess(request, _reply, done) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (access === 'optional' && !header) return done();
    if (!match) return done(unauthorized());
    let principal: Principal | Promise<Principal>;
    try {
      principal = authenticate(match[1]!);
    } catch (err) {
      return done(err as Error);
    }
    if (principal instanceof Promise) principal.then((p) => admit(request, p, done), done);
    else admit(request, principal, done);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}
