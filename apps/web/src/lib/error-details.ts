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

/**
 * Puts a failed call's validation errors onto a react-hook-form: each `errors[]` entry whose path
 * (or its first segment: `experiences.0.role` → `experiences`) names one of `fields` goes to that
 * field via `setError`; `codeFields` sends a stable code's message to a field (409 `ISBN_TAKEN` →
 * `isbn`). Returns what the form's server-error block should say: null when every error found a
 * field, else the server's message (or `fallback` when the call got no answer).
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  setError: (field: F, error: { type: string; message: string }) => void,
  { fields, fallback, codeFields = {} }: { fields: readonly F[]; fallback: string; codeFields?: Readonly<Record<string, F>> },
): string | null {
  const known = new Set<string>(fields);
  const placed: [F, string][] = [];
  const leftover: string[] = [];
  const data = responseData(error);
  const entries = data && 'errors' in data && Array.isArray(data.errors) ? (data.errors as unknown[]) : [];
  for (const e of entries) {
    if (!e || typeof e !== 'object' || !('path' in e) || !('message' in e)) continue;
    const { path, message } = e as { path: unknown; message: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = known.has(path) ? path : path.split('.')[0];
    if (field !== undefined && known.has(field)) placed.push([field as F, message]);
    else leftover.push(message);
  }
  const code = serverCode(error);
  const message = data && 'message' in data && typeof data.message === 'string' ? data.message : null;
  const codeField = code ? codeFields[code] : undefined;
  if (codeField && message) placed.push([codeField, message]);
  // The first message per field wins, as the form shows one per field.
  const seen = new Set<string>();
  for (const [field, msg] of placed) {
    if (seen.has(field)) continue;
    seen.add(field);
    setError(field, { type: 'server', message: msg });
  }
  if (placed.length > 0 && leftover.length === 0) return null;
  return leftover.length > 0 ? leftover.join(' ') : (message ?? fallback);
}
