/**
 * More of a failed call's answer (`{message, code, errors?}`) for forms and uploads. Kept apart from
 * ./errors.ts, which the login page loads, so these stay off its first load.
 */
/** The server's stable error `code` (e.g. 'ISBN_TAKEN'), if there is one. */
export function serverCode(error: unknown): string | null {
  const data = responseData(error);
  return data && 'code' in data && typeof data.code === 'string' ? data.code : null;
}

/** The server's per-field validation errors (`errors: [{path, message}]`), keyed by the first path segment. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const data = responseData(error);
  const out: Record<string, string> = {};
  if (!data || !('errors' in data) || !Array.isArray(data.errors)) return out;
  for (const e of data.errors as unknown[]) {
    if (!e || typeof e !== 'object' || !('path' in e) || !('message' in e)) continue;
    const { path, message } = e as { path: unknown; message: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.split('.')[0] ?? '';
    if (field && !(field in out)) out[field] = message;
  }
  return out;
}

/** The HTTP status of a failed call, if it got an answer. */
export function serverStatus(error: unknown): number | null {
  if (!error || typeof error !== 'object' || !('response' in error)) return null;
  const status: unknown = (error as { response?: { status?: unknown } }).response?.status;
  return typeof status === 'number' ? status : null;
}

function responseData(error: unknown): object | null {
  if (!error || typeof error !== 'object' || !('response' in error)) return null;
  const data: unknown = (error as { response?: { data?: unknown } }).response?.data;
  return data && typeof data === 'object' ? data : null;
}
