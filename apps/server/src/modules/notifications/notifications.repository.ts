import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailMode, NotificationKind } from '@crs/shared/schemas/notifications';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = { userId: string; kind: NotificationKind; title: string; body: string; link: string | null; dedupeKey: string | null };
type EmailState = NotificationRow['email'];
/** The mail states a digest collects: the daily one's and the weekly one's. */
export type DigestState = Extract<EmailState, 'digest' | 'weekly'>;

/**
 * Stores notifications; one whose (user, dedupe key) is already stored is skipped (ON CONFLICT DO
 * NOTHING on the unique index), so a reminder reached twice — by two processes, or two runs — is
 * stored once. Returns the rows stored now.
 */
export async function insertNotifications(db: Executor, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey], where: sql`${notifications.dedupeKey} is not null` })
    .returning();
}

/** Sets the email state of these notifications. */
export async function setEmailState(db: Executor, ids: readonly string[], state: EmailState): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ email: state }).where(sql`${notifications.id} = any(${sql.param([...ids])}::uuid[])`);
}

/**
 * Claims up to `limit` notifications waiting to be mailed at once (pending → queued, one
 * conditional UPDATE), oldest first: whoever claims a row mails it, nobody else.
 */
export async function claimPending(db: Executor, limit: number): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`update notifications set email = 'queued' where id in (
          select id from notifications where email = 'pending' order by created_at limit ${limit} for update skip locked)
        and email = 'pending'
        returning id, user_id as "userId", kind, title, body, link, created_at as "createdAt"`,
  );
}

/** Up to `limit` users with notifications waiting for the digest. */
export async function digestUsers(db: Executor, limit: number, state: DigestState = 'digest'): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(db, sql`select distinct user_id from notifications where email = ${state} limit ${limit}`);
  return rows.map((r) => r.user_id);
}

/** Claims these users' notifications waiting for the daily or the weekly digest (→ digested). */
export async function claimDigest(db: Executor, userIds: readonly string[], state: DigestState = 'digest'): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return queryRows<NotificationRow>(
    db,
    sql`update notifications set email = 'digested'
        where email = ${state} and user_id = any(${sql.param([...userIds])}::uuid[])
        returning id, user_id as "userId", kind, title, body, link, created_at as "createdAt"`,
  );
}

/** A page of a user's notifications, newest first, with the total and the unread count. */
export async function listOf(db: Executor, userId: string, q: { unread: boolean; page: number; pageSize: number }) {
  const where = q.unread ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.seq))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    // Both counts in one statement (the bell asks on every page load).
    db
      .select({ total: q.unread ? sql<number>`count(*) filter (where ${isNull(notifications.readAt)})`.mapWith(Number) : count(), unread: sql<number>`count(*) filter (where ${isNull(notifications.readAt)})`.mapWith(Number) })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export const findOwn = async (db: Executor, id: string, userId: string): Promise<NotificationRow | undefined> =>
  (await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1))[0];

/** Marks one read (a second time keeps the first time). */
export async function markRead(db: Executor, id: string, userId: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks every unread one of the user read; how many. */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The stored choices of these users for these kinds: `${userId}:${kind}` → mode. */
export async function preferencesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, EmailMode>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(sql`${notificationPreferences.userId} = any(${sql.param([...new Set(userIds)])}::uuid[])`);
  return new Map(rows.map((r) => [`${r.userId}:${r.kind}`, r.email]));
}

export async function upsertPreferences(db: Executor, userId: string, prefs: ReadonlyArray<{ kind: NotificationKind; email: EmailMode }>): Promise<void> {
  if (prefs.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(prefs.map((p) => ({ userId, kind: p.kind, email: p.email })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: sql`excluded.email`, updatedAt: sql`now()` } });
}

/** Per college-local day and kind in the last `days` days: stored, read, and mailed (at once or in a digest). */
export function sentPerDay(db: Executor, q: { kinds: readonly NotificationKind[]; days: number; timeZone: string }) {
  return queryRows<{ date: string; kind: NotificationKind; sent: number; read: number; emailed: number }>(
    db,
    sql`select to_char(created_at at time zone ${q.timeZone}, 'YYYY-MM-DD') as date, kind,
               count(*)::int as sent, count(read_at)::int as read,
               count(*) filter (where email in ('queued', 'digested'))::int as emailed
        from notifications
        where created_at >= now() - make_interval(days => ${q.days}) and kind = any(${sql.param([...q.kinds])}::text[])
        group by 1, 2 order by 1 desc, 2`,
  );
}

/** Seeds notifications as they were at `createdAt` (read an hour later when `read`), with no mail. How many were new. */
export async function insertSeeded(db: Executor, rows: ReadonlyArray<NewNotification & { createdAt: Date; read: boolean }>): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insert(notifications)
    .values(rows.map((r) => ({ userId: r.userId, kind: r.kind, title: r.title, body: r.body, link: r.link, dedupeKey: r.dedupeKey, createdAt: r.createdAt, readAt: r.read ? new Date(r.createdAt.getTime() + 3_600_000) : null })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey], where: sql`${notifications.dedupeKey} is not null` })
    .returning({ id: notifications.id });
  return stored.length;
}

/** Marks the user's notification of this dedupe key read (reading the thing it announced). */
export async function markReadByKey(db: Executor, userId: string, dedupeKey: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, dedupeKey), isNull(notifications.readAt)));
}
