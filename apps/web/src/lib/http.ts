/**
 * A small HTTP client over XMLHttpRequest: what the API client needs and nothing more (decision
 * 0035). It replaced axios, which was a fifth of every signed-in page's first-load script (21 KiB
 * gzip) for a handful of features. XHR rather than fetch, because uploads report their progress.
 *
 * What a call gives back and how it fails follow axios's shape, which the screens already read
 * duck-typed (`error.response.status`, `error.response.data`; lib/errors.ts, lib/error-details.ts):
 * an answer outside 2xx rejects with an `HttpError` whose `response` holds status, data and headers;
 * no answer (network, timeout, abort) rejects with one that has no `response`.
 */

export type Progress = { loaded: number; total: number | undefined; progress: number | undefined };

export type RequestConfig = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the client's base URL, unless absolute. */
  url?: string;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams as they are. */
  data?: unknown;
  /** Query parameters, each as its string; undefined and null ones are left out. */
  params?: Readonly<Record<string, unknown>> | undefined;
  headers?: Record<string, string>;
  /** Milliseconds; 0 waits for ever. The client's default when unset. */
  timeout?: number;
  /** 'json' (the default) parses a JSON answer and keeps any other as text. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  onUploadProgress?: (e: Progress) => void;
  onDownloadProgress?: (e: Progress) => void;
  /** Set on the one retry after a session refresh, so a second 401 is not refreshed again. */
  _retried?: boolean;
  /** On refresh failure, clear the session but do not navigate (the start-up user fetch). */
  skipAuthRedirect?: boolean;
};

export type HttpResponse<T> = {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  config: RequestConfig;
};

export type ErrorCode = 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly config: RequestConfig,
    /** The answer, when there was one (a status outside 2xx). */
    readonly response?: HttpResponse<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type ClientDefaults = { baseURL: string; timeout: number; headers: Record<string, string> };

type BodyConfig = Omit<RequestConfig, 'method' | 'url' | 'data'>;

export type HttpClient = {
  /** Mutable, as tests point a client at their own server. */
  defaults: ClientDefaults;
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: BodyConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: BodyConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: BodyConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: BodyConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: BodyConfig): Promise<HttpResponse<T>>;
};

export type ClientHooks = {
  /** Completes each request's config (a header, a timeout) just before it is sent. */
  prepare?: (config: RequestConfig) => RequestConfig;
  /** Sees each failure; may answer instead (a retry) or reject with it or another error. */
  recover?: (error: HttpError) => Promise<HttpResponse<unknown>>;
  /** Awaited before each request is sent (e.g. until the next paint). */
  beforeSend?: () => Promise<void>;
};

export function createHttpClient(defaults: Partial<ClientDefaults> & { baseURL: string }, hooks: ClientHooks = {}): HttpClient {
  const client: HttpClient = {
    defaults: { timeout: 0, headers: {}, ...defaults },
    async request<T>(config: RequestConfig) {
      const full: RequestConfig = { ...config, timeout: config.timeout ?? client.defaults.timeout, headers: { ...client.defaults.headers, ...config.headers } };
      // Wait first, then complete the config: what `prepare` reads (a stored token) is then current.
      await hooks.beforeSend?.();
      const ready = hooks.prepare ? hooks.prepare(full) : full;
      try {
        return (await send(urlOf(client.defaults.baseURL, ready), ready)) as HttpResponse<T>;
      } catch (e) {
        if (!hooks.recover || !(e instanceof HttpError)) throw e;
        return (await hooks.recover(e)) as HttpResponse<T>;
      }
    },
    get: (url, config) => client.request({ ...config, method: 'GET', url }),
    delete: (url, config) => client.request({ ...config, method: 'DELETE', url }),
    post: (url, data, config) => client.request({ ...config, method: 'POST', url, data }),
    put: (url, data, config) => client.request({ ...config, method: 'PUT', url, data }),
    patch: (url, data, config) => client.request({ ...config, method: 'PATCH', url, data }),
  };
  return client;
}

function urlOf(baseURL: string, { url = '', params }: RequestConfig): string {
  const path = /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) query.append(k, v instanceof Date ? v.toISOString() : String(v));
  const qs = query.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isRawBody(data: unknown): data is XMLHttpRequestBodyInit {
  return (
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
    data instanceof ArrayBuffer
  );
}

function headersOf(xhr: XMLHttpRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

function parsed(xhr: XMLHttpRequest, responseType: RequestConfig['responseType']): unknown {
  if (responseType === 'blob') return xhr.response;
  const text = xhr.responseText;
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const progressOf = (e: ProgressEvent): Progress => ({
  loaded: e.loaded,
  total: e.lengthComputable ? e.total : undefined,
  progress: e.lengthComputable && e.total > 0 ? e.loaded / e.total : undefined,
});

function send(url: string, config: RequestConfig): Promise<HttpResponse<unknown>> {
  return new Promise((resolve, reject) => {
    const { method = 'GET', data, headers = {}, timeout = 0, responseType, signal } = config;
    const fail = (message: string, code: ErrorCode) => reject(new HttpError(message, code, config));
    if (signal?.aborted) {
      fail('canceled', 'ERR_CANCELED');
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url, true);
    xhr.timeout = timeout;
    if (responseType === 'blob') xhr.responseType = 'blob';
    let body: XMLHttpRequestBodyInit | null = null;
    if (data !== undefined) {
      body = isRawBody(data) ? data : JSON.stringify(data);
      if (!isRawBody(data)) xhr.setRequestHeader('Content-Type', 'application/json');
    }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (config.onUploadProgress) {
      const report = config.onUploadProgress;
      xhr.upload.addEventListener('progress', (e) => report(progressOf(e)));
    }
    if (config.onDownloadProgress) {
      const report = config.onDownloadProgress;
      xhr.addEventListener('progress', (e) => report(progressOf(e)));
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const response: HttpResponse<unknown> = { data: parsed(xhr, responseType), status: xhr.status, headers: headersOf(xhr), config };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError(`Request failed with status code ${xhr.status}`, xhr.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE', config, response));
    };
    xhr.onerror = () => {
      done();
      fail('Network Error', 'ERR_NETWORK');
    };
    xhr.ontimeout = () => {
      done();
      fail(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED');
    };
    xhr.onabort = () => {
      done();
      fail('canceled', 'ERR_CANCELED');
    };
    xhr.send(body);
  });
}
