import { setTokens } from '@/lib/tokens';
import type { makeUser} from './api-server';
import { startApiServer, type Handler, type Reply } from './api-server';

/** Starts an API server that knows one signed-in user, and stores a token for it. */
export async function signedInAs(user: ReturnType<typeof makeUser>, routes: Record<string, Handler | Reply> = {}) {
  const server = await startApiServer({
    'GET /auth/users/me': { body: { message: 'User fetched', user } },
    'POST /auth/logout': { body: { message: 'Logged out' } },
    ...routes,
  });
  setTokens('test-access-token', 'test-refresh-token');
  return server;
}
