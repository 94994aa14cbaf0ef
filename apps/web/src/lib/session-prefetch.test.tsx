import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { prefetchSessionUser, takePrefetchedSessionUser } from './session-prefetch';
import { setTokens } from './tokens';

let server: ApiServer | undefined;
afterEach(async () => {
  await takePrefetchedSessionUser(); // nothing carries over to the next test
  await server?.close();
  server = undefined;
});

describe('the start-up session check started by the entry', () => {
  it('is the only /users/me request when it answers with a user', async () => {
    const user = makeUser({ roles: ['Student'], name: 'Sana' });
    server = await startApiServer({ 'GET /auth/users/me': { body: { message: 'User fetched', user } }, 'GET /library/summary': { body: { activeLoans: 0, overdueLoans: 0, dueSoon: 0 } } });
    setTokens('stored-access', 'stored-refresh');
    prefetchSessionUser(server.baseURL);
    renderApp('/dashboard/student');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sana' })).toBeInTheDocument();
    expect(await screen.findByText('0 books issued')).toBeInTheDocument();
    const me = server.calls('GET /auth/users/me');
    expect(me).toHaveLength(1);
    expect(me[0]!.headers.authorization).toBe('Bearer stored-access');
  });

  it('falls back to the API client, which refreshes an expired access token, when it is refused', async () => {
    const user = makeUser({ roles: ['Student'], name: 'Ravi' });
    server = await startApiServer({
      'GET /auth/users/me': (req) => (req.headers.authorization === 'Bearer fresh-access' ? { body: { message: 'User fetched', user } } : { status: 401, body: { message: 'Token expired', code: 'UNAUTHENTICATED' } }),
      'POST /auth/refresh': { body: { token: 'fresh-access', refreshToken: 'fresh-refresh' } },
      'GET /library/summary': { body: { activeLoans: 0, overdueLoans: 0, dueSoon: 0 } },
    });
    setTokens('expired-access', 'stored-refresh');
    prefetchSessionUser(server.baseURL);
    renderApp('/dashboard/student');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeInTheDocument();
    expect(await screen.findByText('0 books issued')).toBeInTheDocument();
    expect(server.calls('POST /auth/refresh')).toHaveLength(1);
    expect(server.calls('GET /auth/users/me').map((r) => r.headers.authorization)).toEqual(['Bearer expired-access', 'Bearer expired-access', 'Bearer fresh-access']);
  });

  it('is not used once the stored token has changed', async () => {
    server = await startApiServer({ 'GET /auth/users/me': { body: { message: 'User fetched', user: makeUser() } } });
    setTokens('first-access', 'first-refresh');
    prefetchSessionUser(server.baseURL);
    setTokens('second-access', 'second-refresh');
    expect(await takePrefetchedSessionUser()).toBeNull();
  });

  it('does nothing without a stored token', async () => {
    server = await startApiServer({});
    prefetchSessionUser(server.baseURL);
    expect(await takePrefetchedSessionUser()).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});
