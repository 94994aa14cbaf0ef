import { MSG } from '@crs/shared/messages';
import { serverMessage } from '@/lib/errors';

/**
 * What a failed sign-in says: the server's message, else 'Invalid credentials'. Loaded only when a
 * sign-in fails, so MSG (every module's messages) stays off /login's first load. A module of its
 * own rather than `import('@crs/shared/messages')` in the form: importing that file's namespace
 * lazily made the bundler move its runtime helpers out of the entry into one more first-load file.
 */
export function loginFailureMessage(error: unknown): string {
  return serverMessage(error) ?? MSG.invalidCredentials;
}
