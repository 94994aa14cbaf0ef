import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '@/test/api-server';
import { api, refreshClient, withUploadBudget } from './api-client';
import { setNavigator } from './navigation';
import { getRefreshToken, getToken, setTokens } from './tokens';

let server: ApiServer | undefined;
const navigate = vi.fn();
let issued = 0;

/** A tiny auth server: /auth/refresh rotates tokens; /protected accepts only the newest access token. */
async function start(extra: Parameters<typeof startApiServer>[0] = {}) {
  issued = 0;
  const started = await startApiServer({
    'POST /auth/refresh': (req) => {
      const { refreshToken } = req.body as { refreshToken: string };
      if (refreshToken !== `refresh-${issued}`) return { status: 401, body: { message: 'Invalid refresh token', code: 'INVALID_REFRESH' } };
      issued += 1;
      return { body: { token: `access-${issued}`, refreshToken: `refresh-${issued}` }, delayMs: 30 };
    },
    'GET /protected': (req) =>
      req.headers.authorization === `Bearer access-${issued}` && issued > 0
        ? { body: { ok: true, token: req.headers.authorization } }
        : { status: 401, body: { message: 'Authentication required', code: 'UNAUTHENTICATED' } },
    'GET /forbidden': { status: 403, body: { message: 'Forbidden', code: 'FORBIDDEN' } },
    ...extra,
  });
  server = started;
  return started;
}

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/dashboard/admin');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('api client', () => {
  it('uses the timeouts of spec section 9', () => {
    expect(api.defaults.timeout).toBe(15_000);
    expect(refreshClient.defaults.timeout).toBe(10_000);
  });

  it('gives a file upload five minutes, and nothing else more than 15 s', () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.csv');
    expect(withUploadBudget({ data: form, timeout: 15_000 }).timeout).toBe(300_000);
    expect(withUploadBudget({ data: { title: 'x' }, timeout: 15_000 }).timeout).toBe(15_000);
    expect(withUploadBudget({ data: undefined, timeout: 15_000 }).timeout).toBe(15_000);
    // A caller that chose its own timeout keeps it.
    expect(withUploadBudget({ data: form, timeout: 5_000 }).timeout).toBe(5_000);
  });

  it('sends the stored token as a bearer header', async () => {
    await start({ 'GET /echo': (req) => ({ body: { auth: req.headers.authorization ?? null } }) });
    setTokens('abc', 'r');
    const { data } = await api.get('/echo');
    expect(data).toEqual({ auth: 'Bearer abc' });
  });

  it('refreshes once on a 401 and retries the call with the new token', async () => {
    await start();
    setTokens('expired', 'refresh-0');
    const { data } = await api.get('/protected');
    expect(data).toEqual({ ok: true, token: 'Bearer access-1' });
    expect(server!.calls('POST /auth/refresh')).toHaveLength(1);
    expect(server!.calls('POST /auth/refresh')[0]?.body).toEqual({ refreshToken: 'refresh-0' });
    expect(getToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    await start();
    setTokens('expired', 'refresh-0');
    const results = await Promise.all([api.get<{ ok: boolean }>('/protected'), api.get<{ ok: boolean }>('/protected'), api.get<{ ok: boolean }>('/protected')]);
    expect(results.map((r) => r.data.ok)).toEqual([true, true, true]);
    expect(server!.calls('POST /auth/refresh')).toHaveLength(1);
    expect(server!.calls('GET /protected')).toHaveLength(6);
  });

  it('does not refresh again when another tab already stored a newer token', async () => {
    await start();
    issued = 1; // the server already rotated once, for "another tab"
    setTokens('expired', 'refresh-0');
    const pending = api.get<{ token: string }>('/protected');
    // The other tab's refresh lands in storage while this request is in flight.
    setTokens('access-1', 'refresh-1');
    const { data } = await pending;
    expect(data.token).toBe('Bearer access-1');
    expect(server!.calls('POST /auth/refresh')).toHaveLength(0);
  });

  it('clears the tokens and goes to /login (remembering the page) when the refresh fails', async () => {
    await start();
    setTokens('expired', 'stolen-or-expired');
    await expect(api.get('/protected')).rejects.toMatchObject({ response: { status: 401 } });
    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { from: '/dashboard/admin' });
  });

  it('keeps the session when the refresh is rate limited (429): the call fails, the tokens stay', async () => {
    await start({ 'POST /auth/refresh': { status: 429, body: { message: 'Too many requests', code: 'RATE_LIMITED' } } });
    setTokens('expired', 'refresh-0');
    await expect(api.get('/protected')).rejects.toMatchObject({ response: { status: 429 } });
    expect(getToken()).toBe('expired');
    expect(getRefreshToken()).toBe('refresh-0');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /login when there is no refresh token, but not when already on /login', async () => {
    await start();
    setTokens('expired', null);
    await expect(api.get('/protected')).rejects.toBeTruthy();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(server!.calls('POST /auth/refresh')).toHaveLength(0);

    navigate.mockReset();
    window.history.replaceState(null, '', '/login');
    setTokens('expired', 'bad');
    await expect(api.get('/protected')).rejects.toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a 403 to /unauthorized', async () => {
    await start();
    setTokens('t', 'r');
    await expect(api.get('/forbidden')).rejects.toMatchObject({ response: { status: 403 } });
    expect(navigate).toHaveBeenCalledWith('/unauthorized', undefined);
  });

  it("keeps a rule's refusal where the user is: a 403 SELF_RETURN_OFF reaches the caller without the redirect", async () => {
    await start({ 'POST /library/books/b1/return': { status: 403, body: { message: 'Return it at the desk', code: 'SELF_RETURN_OFF' } } });
    setTokens('t', 'r');
    await expect(api.post('/library/books/b1/return', {})).rejects.toMatchObject({ response: { status: 403, data: { code: 'SELF_RETURN_OFF' } } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the auth calls alone: a pending account\'s 403 and a wrong password\'s 401 reach the caller', async () => {
    await start({
      'POST /auth/login': (req) =>
        (req.body as { email: string }).email === 'pending@x.test'
          ? { status: 403, body: { message: 'Your account is awaiting approval', code: 'ACCOUNT_PENDING' } }
          : { status: 401, body: { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' } },
      'POST /auth/reset/confirm': { status: 400, body: { message: 'This reset link is invalid or has expired.', code: 'RESET_INVALID' } },
    });
    setTokens('old', 'refresh-0');
    await expect(api.post('/auth/login', { email: 'pending@x.test', password: 'secret1' })).rejects.toMatchObject({
      response: { status: 403, data: { message: 'Your account is awaiting approval' } },
    });
    await expect(api.post('/auth/login', { email: 'a@x.test', password: 'wrong12' })).rejects.toMatchObject({ response: { status: 401 } });
    await expect(api.post('/auth/reset/confirm', { token: 'x', password: 'secret1' })).rejects.toMatchObject({ response: { status: 400 } });
    expect(server!.calls('POST /auth/refresh')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('old');
  });
});

describe('token storage', () => {
  it('moves a legacy `refresh` key to `refreshToken` once', () => {
    window.localStorage.setItem('refresh', 'legacy-value');
    expect(getRefreshToken()).toBe('legacy-value');
    expect(window.localStorage.getItem('refreshToken')).toBe('legacy-value');
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });
});
