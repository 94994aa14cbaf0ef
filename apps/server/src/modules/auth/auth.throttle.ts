import type { Executor } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { countAttempts, countAttemptsByEmailAndIp, insertAttempt } from './auth.repository.ts';
import type { AttemptKind } from './auth.repository.ts';

export const WINDOW_MINUTES = 15;
/** Failed logins (and, separately, failed second-factor codes) for one account within the window before it is throttled (quality.md). */
export const ACCOUNT_LIMIT = 10;
/** Failed logins or reset requests from one address within the window: a campus behind one NAT fits. */
export const IP_LIMIT = 100;
/** Reset mails to one address per hour; further requests get the same answer but no mail. */
export const RESET_MAILS_PER_HOUR = 3;

function retryAfter(oldest: Date | null): number {
  if (!oldest) return WINDOW_MINUTES * 60;
  return (oldest.getTime() + WINDOW_MINUTES * 60_000 - Date.now()) / 1000;
}

/**
 * Throws 429 (with Retry-After) when the account or the address is over its limit. Sign-in
 * passwords ('login') and second-factor codes ('mfa', issue 28) are counted apart, each with the
 * same limits; reset requests only per address.
 */
export async function assertNotThrottled(db: Executor, kind: AttemptKind, ip: string, email?: string): Promise<void> {
  if (email && kind !== 'reset') {
    // Both windows in one statement, checked in the same order (the account's first).
    const both = await countAttemptsByEmailAndIp(db, kind, email, ip, WINDOW_MINUTES);
    if (both.email.n >= ACCOUNT_LIMIT) throw tooManyRequests(retryAfter(both.email.oldest));
    if (both.ip.n >= IP_LIMIT) throw tooManyRequests(retryAfter(both.ip.oldest));
    return;
  }
  const w = await countAttempts(db, kind, 'ip', ip, WINDOW_MINUTES);
  if (w.n >= IP_LIMIT) throw tooManyRequests(retryAfter(w.oldest));
}

export async function recordAttempt(db: Executor, kind: AttemptKind, ip: string, email?: string): Promise<void> {
  await insertAttempt(db, kind, ip, email ?? null);
}

/** Reset requests for `email` within the last hour, this one included once recorded. */
export async function resetRequestsLastHour(db: Executor, email: string): Promise<number> {
  return (await countAttempts(db, 'reset', 'email', email, 60)).n;
}
