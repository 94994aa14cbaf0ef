// The OpenAPI document says which operations need a token (issue 25, item 13): every route's
// `security` comes from its access rule, so a client generator or a scanner reading the document
// sees the same rule the server enforces. Issue 29 item 7: the document passes Redocly's
// recommended rules (apps/server/openapi/redocly.yaml and its ignore file, decision 0048).
import path from 'node:path';
import { loadConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { createTestApp } from './helper.ts';
import type { TestApp } from './helper.ts';

type Operation = { security?: Array<Record<string, string[]>>; operationId?: string };
type Document = { security?: unknown; components: { securitySchemes?: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
let source: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json();
});
afterAll(() => t.close());

/** The document's operation of a registered route (`/users/:id` is `/users/{id}` there). */
const operationOf = (r: { method: string; url: string }) => doc.paths[r.url.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];

describe('OpenAPI security', () => {
  it('declares the bearer scheme', () => {
    expect(doc.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
  });

  it('marks every non-public route with the bearer scheme, public ones with none, optional ones with either', () => {
    const routes = t.app.apiRoutes;
    // The walk cannot pass by walking nothing: the API has well over a hundred operations.
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let publicSeen = 0;
    for (const r of routes) {
      const op = operationOf(r);
      const expected = r.access === 'public' ? [] : r.access === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
      if (r.access === 'public') publicSeen++;
      if (!op || JSON.stringify(op.security) !== JSON.stringify(expected)) wrong.push(`${r.method} ${r.url}: ${JSON.stringify(op?.security)}`);
    }
    expect(wrong).toEqual([]);
    expect(publicSeen).toBeGreaterThan(0);
    const login = doc.paths['/api/v1/auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/users/me']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('leaves no operation to a document-wide default', () => {
    expect(doc.security).toBeUndefined();
    const bare = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).filter(([, op]) => op.security === undefined).map(([m]) => `${m} ${p}`));
    expect(bare).toEqual([]);
  });
});

describe('OpenAPI lint (Redocly recommended)', () => {
  const dir = path.resolve(import.meta.dirname, '../openapi');

  it('finds no error and no warning in the served document', async () => {
    const config = await loadConfig({ configPath: path.join(dir, 'redocly.yaml') });
    const problems = await lintFromString({ source, absoluteRef: path.join(dir, 'openapi.json'), config });
    const found = problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer}`);
    expect(found).toEqual([]);
    // The ignore list stays short and specific: it cannot hide a whole rule.
    expect(problems.filter((p) => p.ignored).length).toBeLessThanOrEqual(8);
  }, 60_000);

  it('names every operation from its method and path', () => {
    const ops = Object.entries(doc.paths).flatMap(([, byMethod]) => Object.values(byMethod) as Array<{ operationId?: string }>);
    const ids = ops.map((op) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/users/{id}']?.get).toMatchObject({ operationId: operationIdOf('GET', '/api/v1/users/:id') });
    expect(operationIdOf('GET', '/api/v1/library/books/:id/copies')).toBe('getLibraryBooksByIdCopies');
    expect(operationIdOf('DELETE', '/api/v1/settings/oidc-providers/:providerId')).toBe('deleteSettingsOidcProvidersByProviderId');
  });
});
