// The JSON body boundary (plugins/json-body.ts): a lone UTF-16 surrogate, which JSON can spell as
// "\ud800" but no database can store, is a 400 naming the field on every route — it used to be a 500
// "invalid input syntax for type json" from settings, alumni experiences and the alumni message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { illFormedTextPath } from '../src/lib/well-formed.ts';
import { createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';

let t: TestApp;
let superAdmin: { authorization: string };
let teacher: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
  teacher = (await loginAs(t, ['Teacher'])).auth;
});
afterAll(() => t.close());

/** Sends JSON text as written (a JS object would be re-encoded by inject). */
const sendRaw = (method: 'POST' | 'PATCH', url: string, auth: { authorization: string }, json: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth, 'content-type': 'application/json' }, payload: json });

function expectRefused(res: { statusCode: number; body: string; json(): unknown }, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ message: MSG.invalidTextIn(path), code: 'INVALID_TEXT', errors: [{ path, message: MSG.invalidText }] });
}

describe('lone surrogates in a JSON body', () => {
  it('PATCH /settings: 400 naming the field, top level and nested, and nothing is saved', async () => {
    expectRefused(await sendRaw('PATCH', '/settings', superAdmin, '{"institutionName":"College \\ud800"}'), 'institutionName');
    expectRefused(await sendRaw('PATCH', '/settings', superAdmin, '{"terms":[{"name":"Odd \\udfff","start":"2026-07-01","end":"2026-11-30"}]}'), 'terms.0.name');
    const settings = (await t.app.inject({ url: '/api/v1/settings', headers: superAdmin })).json() as { settings: { institutionName: string } };
    expect(settings.settings.institutionName).not.toContain('College');
  });

  it('POST /alumni: 400 naming the experience field; a real pair (an emoji) is stored', async () => {
    const body = (company: string) => `{"name":"Surrogate Probe","experiences":[{"company":"Acme"},{"company":"${company}","role":"Engineer"}]}`;
    expectRefused(await sendRaw('POST', '/alumni', teacher, body('Bad \\ud83d')), 'experiences.1.company');
    const ok = await sendRaw('POST', '/alumni', teacher, body('Good \\ud83d\\ude00'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as { alumnus: { experiences: Array<{ company: string }> } }).alumnus.experiences[1]!.company).toBe('Good 😀');
  });

  it('POST /alumni/message: 400 naming the subject before anything is queued', async () => {
    const res = await sendRaw('POST', '/alumni/message', teacher, '{"ids":["00000000-0000-4000-8000-000000000000"],"subject":"\\udc00 hi","message":"Hello"}');
    expectRefused(res, 'subject');
  });

  it('quotes at most 200 characters of the path of a deeply nested body', async () => {
    const depth = 50_000;
    const res = await sendRaw('PATCH', '/settings', superAdmin, `${'['.repeat(depth)}"\\ud800"${']'.repeat(depth)}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const { errors } = res.json() as { errors: Array<{ path: string }> };
    expect(errors[0]!.path).toHaveLength(200);
    expect(errors[0]!.path).toMatch(/^0\.0\.0.*…$/);
  });

  it('reads an escaped backslash before "ud800" as the plain text it is', async () => {
    const res = await sendRaw('POST', '/alumni', teacher, '{"name":"Back\\\\ud800slash"}');
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { alumnus: { name: string } }).alumnus.name).toBe('Back\\ud800slash');
  });
});

describe('illFormedTextPath', () => {
  it('finds the first lone surrogate in values and keys, at any depth', () => {
    expect(illFormedTextPath({ a: 'x', b: [1, { c: 'ok 😀' }] })).toBeNull();
    expect(illFormedTextPath('\ud800')).toBe('');
    expect(illFormedTextPath({ a: [{ b: 'x' }, { b: 'y\udc00' }] })).toBe('a.1.b');
    expect(illFormedTextPath({ ['k\ud800']: 1 })).toBe('k\ud800');
    let deep: unknown = '\ud800';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(illFormedTextPath(deep)).toBe(Array(10_000).fill('0').join('.'));
  });
});
