// The OpenAPI document of the API (issue 29 item 7, decision 0048): built from the routes' zod
// schemas by @fastify/swagger, then made to pass Redocly's recommended rules, so client generators
// get a stable name per operation and schemas valid for OpenAPI 3.0.
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@crs/shared/schemas/common';
import { BEARER_SCHEME, openapiSecurity } from './access.ts';
import type { Access } from './access.ts';
import { rateLimitedUrl } from './rate-limit.ts';

type Json = Record<string, unknown>;

const API_PREFIX = '/api/v1';
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(upperFirst).join('');

/**
 * A route's operationId, stable as long as its method and path are: the method, then each path
 * segment in camel case, a parameter as `By<Name>`. `GET /api/v1/library/books/:id/copies` is
 * `getLibraryBooksByIdCopies`; the spec's doubled `/v1/docs` keeps its `V1`. Unique because
 * method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const rest = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
  const parts = rest
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `By${camel(s.slice(1))}` : camel(s)));
  return method.toLowerCase() + (parts.join('') || 'Root');
}

/**
 * OpenAPI 3.0 allows `nullable` only next to `type`; zod writes `{anyOf: [...], nullable: true}`
 * for a nullable union. The flag moves into each branch (and `null` into an enum's values), which
 * accepts the same values. Walks the whole schema, in place.
 */
export function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) {
      if (branch.type === undefined) continue;
      branch.nullable = true;
      if (Array.isArray(branch.enum) && !branch.enum.includes(null)) branch.enum = [...(branch.enum as unknown[]), null];
    }
  }
  for (const value of Object.values(schema)) fixNullableUnions(value);
}

/** The body of a 429 (every rate-limited route can answer one, decision 0031). */
const rateLimitedResponse = (): Json => ({
  ...(z.toJSONSchema(errorSchema, { target: 'openapi-3.0', io: 'output' }) as Json),
  description: 'Too many requests: the rate limit per address or per user was reached (Retry-After says when to try again)',
});

/** @fastify/swagger's options: the document's head and the per-route transform. */
export function openapiOptions(publicUrl: string): SwaggerOptions {
  const tooMany = rateLimitedResponse();
  return {
    openapi: {
      info: { title: 'CRS — College Resource System API', version: '1', license: { name: 'MIT', url: 'https://opensource.org/license/mit' } },
      // Paths start with /api/v1, so the server is the deployment's origin (PUBLIC_URL).
      servers: [{ url: publicUrl, description: 'This CRS deployment' }],
      components: { securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = { ...out.schema } as Json;
      const method = [input.route.method].flat()[0] ?? 'get';
      const access = (input.route.config as { access?: Access } | undefined)?.access;
      // Each operation's `security` comes from its route's access rule, here and nowhere else.
      schema.security = openapiSecurity(access);
      schema.operationId ??= operationIdOf(method, out.url);
      if (rateLimitedUrl(out.url) && schema.response && typeof schema.response === 'object') {
        const response = schema.response as Json;
        if (!response['429']) schema.response = { ...response, 429: structuredClone(tooMany) };
      }
      fixNullableUnions(schema);
      return { ...out, schema } as typeof out;
    },
  };
}
