/**
 * The only code that touches stored tokens (spec section 9: localStorage keys `token` and
 * `refreshToken`). Older clients stored the refresh token under `refresh`; it is moved once.
 */
const TOKEN_KEY = 'token';
const REFRESH_KEY = 'refreshToken';
const LEGACY_REFRESH_KEY = 'refresh';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Moves a refresh token stored under the legacy `refresh` key to `refreshToken`, then removes it. */
export function migrateLegacyRefreshToken(): void {
  const s = storage();
  const legacy = s?.getItem(LEGACY_REFRESH_KEY);
  if (!s || legacy == null) return;
  if (!s.getItem(REFRESH_KEY)) s.setItem(REFRESH_KEY, legacy);
  s.removeItem(LEGACY_REFRESH_KEY);
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  migrateLegacyRefreshToken();
  return storage()?.getItem(REFRESH_KEY) ?? null;
}

export function setTokens(token: string, refreshToken: string | null | undefined): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  if (refreshToken) s?.setItem(REFRESH_KEY, refreshToken);
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(REFRESH_KEY);
  s?.removeItem(LEGACY_REFRESH_KEY);
}

/**
 * Tells subscribers that the session changed outside the normal login/logout flow: another tab
 * signed in, refreshed or signed out (the `storage` event), or this tab's refresh failed.
 */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionChange(): void {
  for (const l of [...listeners]) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === REFRESH_KEY) notifySessionChange();
  });
}
