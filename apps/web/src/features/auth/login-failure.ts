import { COMMON_MSG } from '@crs/shared/messages/common';
import { serverMessage } from '@/lib/errors';

/**
 * What a failed sign-in says: the server's message, else 'Invalid credentials'. Loaded only when a
 * sign-in fails, so no shared messages join /login's first load. A module of its own rather than
 * a lazy `import()` of a messages file in the form: importing such a file's namespace lazily made
 * the bundler move its runtime helpers out of the entry into one more first-load file.
 */
export function loginFailureMessage(error: unknown): string {
  return serverMessage(error) ?? COMMON_MSG.invalidCredentials;
}
