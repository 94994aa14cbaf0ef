/**
 * The server's `message` from an error answer (`{message, code, errors?}`), if there is one.
 * Duck-typed on purpose, so screens can read it without importing the API client up front.
 */
export function serverMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object' || !('response' in error)) return null;
  const data: unknown = (error as { response?: { data?: unknown } }).response?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return null;
}


/** The server's message of a failed file download, whose error body arrives as a Blob, not JSON. */
export async function blobErrorMessage(error: unknown): Promise<string | null> {
  const data: unknown = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data instanceof Blob) {
    try {
      const parsed = JSON.parse(await data.text()) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }
  return serverMessage(error);
}
