import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@crs/shared/messages';
import { api, refreshClient } from '@/lib/api-client';

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: unknown };
/** `body` is sent as JSON; `text` as it is, with the content type in `headers`. */
export type Reply = { status?: number; body?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number };
export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP server on 127.0.0.1 for component tests: the API client (jsdom's XHR, with CORS)
 * talks to it over the network. Routes are keyed "METHOD /path" (path without /api/v1 and query).
 */
export async function startApiServer(routes: Record<string, Handler | Reply>) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body: raw ? parseBody(raw, req.headers['content-type']) : undefined };
    requests.push(recorded);
    const route = routes[`${recorded.method} ${path}`];
    const reply = typeof route === 'function' ? await route(recorded) : (route ?? { status: 404, body: { message: MSG.notFound, code: 'NOT_FOUND' } });
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', 'Access-Control-Expose-Headers': 'Content-Disposition', ...reply.headers });
    res.end(reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}/api/v1`;
  const previous = { api: api.defaults.baseURL, refresh: refreshClient.defaults.baseURL };
  api.defaults.baseURL = baseURL;
  refreshClient.defaults.baseURL = baseURL;
  return {
    baseURL,
    requests,
    /** Requests to one "METHOD /path". */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
    close: async () => {
      api.defaults.baseURL = previous.api;
      refreshClient.defaults.baseURL = previous.refresh;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** JSON bodies parsed; anything else (a multipart upload) kept as text for the test to inspect. */
function parseBody(raw: string, type: string | undefined): unknown {
  return type?.startsWith('application/json') ? JSON.parse(raw) : raw;
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

let counter = 0;
/** A user as the server returns it. */
export function makeUser(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: 'Test User',
    email: `user${counter}@example.test`,
    phone: '9876543210',
    bio: null,
    avatar: null,
    studentId: null,
    department: null,
    roles: ['Student'],
    status: 'active',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
