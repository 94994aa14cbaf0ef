// The OpenAPI document says which operations need a token (issue 25, item 13): every route's
// `security` comes from its access rule, so a client generator or a scanner reading the document
// sees the same rule the server enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';
import type { TestApp } from './helper.ts';

type Operation = { security?: Array<Record<string, string[]>> };
type Document = { security?: unknown; components: { securitySchemes?: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
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
