import { REQUEST_TIMEOUT_MS, env } from '@/config/env';
import { getToken } from './tokens';

type Prefetch = { token: string; user: Promise<unknown> };
let prefetch: Prefetch | null = null;

/**
 * Starts the start-up session check (GET /auth/users/me with the stored token) with the browser's
 * fetch as soon as the entry runs, so it travels alongside the signed-in chunks instead of after
 * them (the API client is in those chunks). Called once, by main.tsx; without a stored
 * token it does nothing.
 */
export function prefetchSessionUser(apiUrl: string = env.API_URL): void {
  const token = getToken();
  if (!token) return;
  const user = fetch(`${apiUrl}/auth/users/me`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
    .then(async (res) => (res.ok ? (((await res.json()) as { user?: unknown }).user ?? null) : null))
    .catch(() => null);
  prefetch = { token, user };
}

/**
 * The prefetched user (the answer's raw `user`), at most once. Null when none was started, when it
 * failed in any way (an expired access token, a network error) or when the stored token has changed
 * since: the caller then asks through the API client, which refreshes and retries as usual.
 */
export async function takePrefetchedSessionUser(): Promise<unknown> {
  const p = prefetch;
  prefetch = null;
  if (!p) return null;
  const user = await p.user;
  return getToken() === p.token ? user : null;
}
