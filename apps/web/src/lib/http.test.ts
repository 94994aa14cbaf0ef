import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '@/test/api-server';
import { createHttpClient, HttpError, type Progress } from './http';

let server: ApiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(routes: Parameters<typeof startApiServer>[0], timeout = 5_000) {
  server = await startApiServer(routes);
  return createHttpClient({ baseURL: server.baseURL, timeout, headers: { Accept: 'application/json' } });
}

/** The rejection of `p`, which must reject with an HttpError. */
async function failureOf(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  return e as HttpError;
}

describe('http client', () => {
  it('sends the query without empty parameters, and answers with parsed JSON, the status and lower-case headers', async () => {
    const http = await clientFor({ 'GET /books': (req) => ({ body: { q: req.query.get('q'), keys: [...req.query.keys()] }, headers: { 'Content-Language': 'en-IN' } }) });
    const res = await http.get<{ q: string; keys: string[] }>('/books', { params: { q: 'C & C++ notes', page: 2, empty: undefined, none: null, flag: false } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ q: 'C & C++ notes', keys: ['q', 'page', 'flag'] });
    expect(res.headers['content-language']).toBe('en-IN');
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('sends a plain value as JSON with its content type, and a call without data with no body at all', async () => {
    const http = await clientFor({ 'POST /notes': (req) => ({ body: { type: req.headers['content-type'] ?? null, got: req.body ?? null } }) });
    expect((await http.post('/notes', { title: 'Unit 3', tags: ['dbms'] })).data).toEqual({ type: 'application/json', got: { title: 'Unit 3', tags: ['dbms'] } });
    expect((await http.post('/notes')).data).toEqual({ type: null, got: null });
    expect(server!.calls('POST /notes')[0]?.headers.accept).toBe('application/json');
  });

  it('sends FormData as multipart and reports the upload as it goes', async () => {
    const http = await clientFor({ 'PUT /files': (req) => ({ body: { type: req.headers['content-type'], body: req.body } }) });
    const form = new FormData();
    form.append('file', new Blob(['roll,name\n1,Asha Verma\n'], { type: 'text/csv' }), 'class.csv');
    const seen: Progress[] = [];
    const { data } = await http.put<{ type: string; body: string }>('/files', form, { onUploadProgress: (e) => seen.push(e) });
    expect(data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.body).toContain('filename="class.csv"');
    expect(data.body).toContain('1,Asha Verma');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.loaded).toBeGreaterThan(0);
  });

  it('fails an answer outside 2xx with its status and body, 4xx and 5xx told apart', async () => {
    const http = await clientFor({
      'DELETE /books/1': { status: 409, body: { message: 'This book has copies on loan', code: 'BOOK_ON_LOAN' } },
      'GET /broken': { status: 500, body: { message: 'Internal Server Error' } },
    });
    const conflict = await failureOf(http.delete('/books/1'));
    expect(conflict.code).toBe('ERR_BAD_REQUEST');
    expect(conflict.message).toBe('Request failed with status code 409');
    expect(conflict.response).toMatchObject({ status: 409, data: { message: 'This book has copies on loan', code: 'BOOK_ON_LOAN' } });
    expect(conflict.config).toMatchObject({ method: 'DELETE', url: '/books/1' });
    expect((await failureOf(http.get('/broken'))).code).toBe('ERR_BAD_RESPONSE');
  });

  it('keeps an answer that is not JSON as text, and an empty one as the empty string', async () => {
    const http = await clientFor({
      'GET /robots.txt': { text: 'User-agent: *\nAllow: /\n', headers: { 'Content-Type': 'text/plain' } },
      'PATCH /read': { status: 204 },
    });
    expect((await http.get('/robots.txt')).data).toBe('User-agent: *\nAllow: /\n');
    const empty = await http.patch('/read', { all: true });
    expect(empty.status).toBe(204);
    expect(empty.data).toBe('');
  });

  it('answers a blob download with a Blob and the file name header', async () => {
    const http = await clientFor({
      'GET /export': { text: 'name,email\nAsha,asha@example.test\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="people.csv"' } },
    });
    const res = await http.get<Blob>('/export', { responseType: 'blob' });
    expect(res.data).toBeInstanceOf(Blob);
    expect(await res.data.text()).toBe('name,email\nAsha,asha@example.test\n');
    expect(res.headers['content-disposition']).toBe('attachment; filename="people.csv"');
  });

  it('gives up after the timeout with no answer', async () => {
    const http = await clientFor({ 'GET /slow': { body: {}, delayMs: 400 } }, 50);
    const e = await failureOf(http.get('/slow'));
    expect(e.code).toBe('ECONNABORTED');
    expect(e.message).toBe('timeout of 50ms exceeded');
    expect(e.response).toBeUndefined();
  });

  it('fails with ERR_NETWORK when nothing answers', async () => {
    // A port that was just free: listen, note it, close.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const http = createHttpClient({ baseURL: `http://127.0.0.1:${port}/api/v1`, timeout: 5_000 });
    const e = await failureOf(http.get('/health'));
    expect(e.code).toBe('ERR_NETWORK');
    expect(e.response).toBeUndefined();
  });

  it('stops when its signal aborts, before or during the call', async () => {
    const http = await clientFor({ 'GET /slow': { body: {}, delayMs: 400 } });
    const before = new AbortController();
    before.abort();
    expect((await failureOf(http.get('/slow', { signal: before.signal }))).code).toBe('ERR_CANCELED');
    expect(server!.calls('GET /slow')).toHaveLength(0);

    const during = new AbortController();
    const pending = http.get('/slow', { signal: during.signal });
    setTimeout(() => during.abort(), 30);
    expect((await failureOf(pending)).code).toBe('ERR_CANCELED');
  });

  it('lets hooks complete each request and answer a failure in its place', async () => {
    server = await startApiServer({ 'GET /me': (req) => (req.headers.authorization === 'Bearer fresh' ? { body: { ok: true } } : { status: 401, body: { message: 'Authentication required' } }) });
    let token = 'stale';
    const http = createHttpClient(
      { baseURL: server.baseURL, timeout: 5_000 },
      {
        prepare: (config) => ({ ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } }),
        recover: async (error) => {
          if (error.response?.status !== 401 || error.config._retried) throw error;
          token = 'fresh';
          return http.request({ ...error.config, _retried: true });
        },
      },
    );
    expect((await http.get('/me')).data).toEqual({ ok: true });
    expect(server.calls('GET /me').map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('calls an absolute URL as it is, and joins a relative one to the base with one slash', async () => {
    const http = await clientFor({ 'GET /health': { body: { status: 'ok' } } });
    expect((await http.get('health')).data).toEqual({ status: 'ok' });
    const other = createHttpClient({ baseURL: 'http://127.0.0.1:9/nowhere/' });
    expect((await other.get(`${server!.baseURL}/health`)).data).toEqual({ status: 'ok' });
    expect(server!.calls('GET /health')).toHaveLength(2);
  });
});
