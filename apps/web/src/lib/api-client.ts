import { REFRESH_TIMEOUT_MS, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, env } from '@/config/env';
import { paths } from '@/config/paths';
import { afterNextPaint } from './after-paint';
import { createHttpClient, HttpError, type HttpClient, type HttpResponse, type RequestConfig } from './http';
import { navigateTo as navigate } from './navigation';
import { clearTokens, getRefreshToken, getToken, notifySessionChange, setTokens } from './tokens';

/**
 * The auth calls answer 401/403 about the credentials they carry (wrong password, pending account,
 * used reset link, a provider's expired one-time code, a wrong second factor); they never trigger a
 * refresh or the access-denied redirect.
 */
const AUTH_CALL = /^\/?auth\/(login|register|refresh|reset\/|oidc\/|mfa\/verify)/;
function isAuthCall(url: string | undefined): boolean {
  if (!url) return false;
  const relative = url.startsWith(env.API_URL) ? url.slice(env.API_URL.length) : url;
  return AUTH_CALL.test(relative);
}

/**
 * 403s that refuse an action by a college rule, not access to a page (the caller may see the page;
 * the rule says the act happens elsewhere): the screen shows the server's message where the user is,
 * instead of the access-denied redirect.
 */
const RULE_REFUSALS = new Set(['SELF_RETURN_OFF']);
function isRuleRefusal(error: HttpError): boolean {
  const data: unknown = error.response?.data;
  return !!data && typeof data === 'object' && 'code' in data && typeof data.code === 'string' && RULE_REFUSALS.has(data.code);
}

/** A request that sends a file (FormData) gets the upload budget instead of the 15 s every other request has. */
export function withUploadBudget<C extends { data?: unknown; timeout?: number }>(config: C): C {
  if (typeof FormData !== 'undefined' && config.data instanceof FormData && config.timeout === REQUEST_TIMEOUT_MS) config.timeout = UPLOAD_TIMEOUT_MS;
  return config;
}

/** Each call carries the stored token, read as it is sent (another tab may have refreshed it). */
function prepare(config: RequestConfig): RequestConfig {
  const token = getToken();
  return withUploadBudget(token ? { ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } } : config);
}

/**
 * A 401 is refreshed once and the call retried; a failed refresh ends the session and goes to
 * /login (remembering the page), a 403 goes to /unauthorized unless it is a rule's refusal. The auth
 * calls pass straight through.
 */
async function recover(error: HttpError): Promise<HttpResponse<unknown>> {
  const { config } = error;
  const status = error.response?.status;
  if (isAuthCall(config.url)) throw error;

  if (status === 401 && !config._retried) {
    try {
      const token = await refreshSession(bearerOf(config));
      return await api.request({ ...config, _retried: true, headers: { ...config.headers, Authorization: `Bearer ${token}` } });
    } catch (retryError) {
      // Only a failed refresh ends the session; a failure of the retried call itself is passed on.
      if (retryError instanceof RefreshFailed) {
        clearTokens();
        notifySessionChange();
        const { pathname, search, hash } = window.location;
        if (!config.skipAuthRedirect && pathname !== paths.login) navigate(paths.login, { from: `${pathname}${search}${hash}` });
        throw error;
      }
      throw retryError;
    }
  }

  if (status === 403 && !isRuleRefusal(error)) {
    navigate(paths.unauthorized);
  } else if (!error.response) {
    console.warn(`Network error: ${config.method ?? 'GET'} ${config.url}: ${error.message}`);
  } else if (status !== 401) {
    console.warn(`Request failed: ${config.method ?? 'GET'} ${config.url} → ${status}`);
  }
  throw error;
}

/**
 * The one client every feature uses: base URL, 15 s timeout, bearer header, 401 refresh-and-retry,
 * 403 redirect. A call goes out after the next paint (lib/after-paint.ts): a page's first render is
 * painted before its data requests are set up.
 */
export const api: HttpClient = createHttpClient(
  { baseURL: env.API_URL, timeout: REQUEST_TIMEOUT_MS, headers: { Accept: 'application/json' } },
  { prepare, recover, beforeSend: afterNextPaint },
);

/** A separate client for POST /auth/refresh (10 s timeout, no token, no recovery), as spec section 7 says. */
export const refreshClient: HttpClient = createHttpClient({ baseURL: env.API_URL, timeout: REFRESH_TIMEOUT_MS, headers: { Accept: 'application/json' } });

function bearerOf(config: RequestConfig): string | null {
  const header = config.headers?.Authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

export class RefreshFailed extends Error {
  constructor(cause?: unknown) {
    super('Session refresh failed', { cause });
    this.name = 'RefreshFailed';
  }
}

let inflight: Promise<string> | null = null;

/**
 * Gets a fresh access token with at most one POST /auth/refresh in flight: concurrent callers in
 * this tab share one promise, and other tabs wait on a Web Lock. After acquiring the lock the stored
 * token is re-read: if it differs from the one that was refused, another tab already refreshed.
 */
export function refreshSession(refusedToken: string | null): Promise<string> {
  inflight ??= withRefreshLock(() => refreshOnce(refusedToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function refreshOnce(refusedToken: string | null): Promise<string> {
  const current = getToken();
  if (current && current !== refusedToken) return current;
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new RefreshFailed();
  try {
    const { data } = await refreshClient.post<{ token: string; refreshToken: string }>('/auth/refresh', { refreshToken });
    setTokens(data.token, data.refreshToken);
    return data.token;
  } catch (e) {
    // Over the API rate limit (decision 0031) the refresh token is still good: keep the session and
    // let the call fail with the 429 instead of signing the user out.
    if (e instanceof HttpError && e.response?.status === 429) throw e;
    throw new RefreshFailed(e);
  }
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') return locks.request('crs-token-refresh', fn) as Promise<T>;
  return fn();
}
