import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailBounces, mailOutbox } from '../../db/schema/mail.ts';
import type { Mail } from '../../lib/mail.ts';

export type OutboxStatus = 'pending' | 'stored';

/** Stores a mail; returns its id. */
export async function insertMail(db: Executor, mail: Mail, status: OutboxStatus): Promise<number> {
  const [row] = await db.insert(mailOutbox).values({ ...mail, status }).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Stores many mails in one statement; their ids. */
export async function insertMails(db: Executor, mails: readonly Mail[], status: OutboxStatus): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db.insert(mailOutbox).values(mails.map((m) => ({ ...m, status }))).returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/** Ids of pending mails whose next attempt is due, oldest first. */
export async function dueMailIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Claims a due pending mail by pushing its next attempt forward (one conditional UPDATE), so two
 * workers never send it twice at once. Undefined when it is not due or not pending.
 */
export async function claimMail(db: Executor, id: number) {
  const [mail] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + interval '5 minutes'` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .returning();
  return mail;
}

export async function markSent(db: Executor, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
}

/** Records a failed attempt: pending again after `retryInSeconds`, or failed for good. */
export async function markFailed(db: Executor, id: number, error: string, giveUp: boolean, retryInSeconds: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Mails still to send (`pending`) and given up on (`failed`), counted on the status index (metrics). */
export async function countBacklog(db: Executor): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('pending', 'failed')`)
    .groupBy(mailOutbox.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: of('pending'), failed: of('failed') };
}

/** The address's permanent bounce, if it has one (addresses are compared lower-cased). */
export async function findBounce(db: Executor, address: string) {
  const [row] = await db.select().from(mailBounces).where(eq(mailBounces.address, address.toLowerCase())).limit(1);
  return row;
}

/** Which of `addresses` bounced (lower-cased). */
export async function bouncingOf(db: Executor, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const rows = await db.select({ address: mailBounces.address }).from(mailBounces).where(sql`${mailBounces.address} = any(${sql.param(lower)}::text[])`);
  return new Set(rows.map((r) => r.address));
}

/** Marks the address as bouncing (the first bounce's time stays). */
export async function insertBounce(db: Executor, address: string, reason: string): Promise<void> {
  await db.insert(mailBounces).values({ address: address.toLowerCase(), reason: reason.slice(0, 300) }).onConflictDoNothing();
}

/** Forgets the address's bounce; true when it had one. */
export async function deleteBounce(db: Executor, address: string): Promise<boolean> {
  return (await db.delete(mailBounces).where(eq(mailBounces.address, address.toLowerCase())).returning({ a: mailBounces.address })).length > 0;
}
