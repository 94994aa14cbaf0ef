import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authAttempts } from '../../db/schema/auth.ts';
import { tooManyRequests } from '../../lib/errors.ts';

export const WINDOW_MINUTES = 15;
/** Failed logins for one account within the window before it is throttled (quality.md). */
export const ACCOUNT_LIMIT = 10;
/** Failed logins or reset requests from one address within the window: a campus behind one NAT fits. */
export const IP_LIMIT = 100;
/** Reset mails to one address within the window; further requests get the same answer but no mail. */
export const RESET_MAILS_PER_EMAIL = 5;

type Kind = 'login' | 'reset';
const since = sql`now() - make_interval(mins => ${WINDOW_MINUTES})`;

async function windowOf(db: Executor, kind: Kind, key: 'email' | 'ip', value: string) {
  const column = key === 'email' ? authAttempts.email : authAttempts.ip;
  const [row] = await db
    .select({ n: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(column, value), gt(authAttempts.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

function retryAfter(oldest: Date | null): number {
  if (!oldest) return WINDOW_MINUTES * 60;
  return (oldest.getTime() + WINDOW_MINUTES * 60_000 - Date.now()) / 1000;
}

/** Throws 429 (with Retry-After) when the account or the address is over its limit. */
export async function assertNotThrottled(db: Executor, kind: Kind, ip: string, email?: string): Promise<void> {
  if (email && kind === 'login') {
    const w = await windowOf(db, kind, 'email', email);
    if (w.n >= ACCOUNT_LIMIT) throw tooManyRequests(retryAfter(w.oldest));
  }
  const w = await windowOf(db, kind, 'ip', ip);
  if (w.n >= IP_LIMIT) throw tooManyRequests(retryAfter(w.oldest));
}

export async function recordAttempt(db: Executor, kind: Kind, ip: string, email?: string): Promise<void> {
  await db.insert(authAttempts).values({ kind, ip, email: email ?? null });
}

export async function countRecent(db: Executor, kind: Kind, email: string): Promise<number> {
  return (await windowOf(db, kind, 'email', email)).n;
}

/** Forgets attempts older than a day (called by the maintenance timer). */
export async function pruneAttempts(db: Executor): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, sql`now() - interval '1 day'`));
}
