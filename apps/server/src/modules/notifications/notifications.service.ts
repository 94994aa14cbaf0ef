// The notification engine (issue 30 items 1–2, decision 0050). Any module tells users of an event
// with one call — `notify(ctx, [{userId, kind, title, body, link, dedupeKey}], tx?)` — and the
// engine stores it (their bell and /notifications), then mails it by the user's choice for that kind:
// at once, in the daily digest, or not at all; never to an address that bounced. A dedupe key makes
// a reminder's (user, object, stage) stored and mailed once however many processes reach it.
import { MSG } from '@crs/shared/messages';
import { ADMINS, hasAnyRole } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { NOTIFICATION_KINDS, defaultEmailMode } from '@crs/shared/schemas/notifications';
import type {
  EmailMode,
  NotificationKind,
  NotificationList,
  NotificationPreferences,
  SentReport,
  UpdatePreferencesBody,
} from '@crs/shared/schemas/notifications';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as mail from '../mail/mail.service.ts';
import * as users from '../users/users.service.ts';
import { digestMail, immediateMail, presentNotification } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';
import type { DigestState, NewNotification, NotificationRow } from './notifications.repository.ts';

export type { NotificationKind };

/** One event for one user. `dedupeKey` (object and stage, e.g. `loan:<id>:overdue-7`): stored once per user. */
export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, or null. */
  link?: string | null;
  dedupeKey?: string | null;
};

/** How many rows one INSERT stores, and how many mails one claim takes. */
const BATCH = 500;
/** How many digest mails the outbox stores per statement (short enough for /health to answer between). */
const MAIL_SLICE = 25;
/** How many users' digests one claim takes (each claim is one UPDATE of their rows). */
const DIGEST_USERS = 100;

/** Who sees what was sent: Admins every kind, Librarians the library's. */
export const SENT_READERS: readonly Role[] = ['Librarian', ...ADMINS];

/** The email mode of one user for one kind: their choice, else their role's default. */
const modeOf = (prefs: Map<string, EmailMode>, userId: string, roles: readonly Role[], kind: NotificationKind): EmailMode =>
  prefs.get(`${userId}:${kind}`) ?? defaultEmailMode(roles, kind);

/**
 * Stores the notifications (a repeated dedupe key is skipped) and sets each one's mail: pending
 * (mail at once), digest, or none (off, an inactive account, or a bounced address). Inside the
 * caller's transaction `tx` when given: call `dispatch(ctx)` after its commit (the minute's
 * `notifications.deliver` job sends them otherwise). `urgent` (a pinned notice): mailed at once
 * even to users who chose the digest ('off' is still obeyed). Returns how many were stored now.
 */
export async function notify(ctx: AppContext, items: readonly NotificationInput[], tx?: Executor, urgent = false): Promise<number> {
  const db = tx ?? ctx.db;
  let stored = 0;
  for (let i = 0; i < items.length; i += BATCH) {
    if (i > 0 && !tx) await yieldToEventLoop();
    const slice = items.slice(i, i + BATCH);
    const rows = await repo.insertNotifications(
      db,
      slice.map((n): NewNotification => ({ userId: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link ?? null, dedupeKey: n.dedupeKey ?? null })),
    );
    stored += rows.length;
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.userId);
    const [people, prefs] = await Promise.all([users.usersByIds(ctx, ids, db), repo.preferencesOf(db, ids)]);
    const bouncing = await mail.bouncingOf(db, [...people.values()].map((u) => u.email));
    const byState = { pending: [] as string[], digest: [] as string[], weekly: [] as string[] };
    for (const r of rows) {
      const u = people.get(r.userId);
      if (!u || u.status !== 'active' || bouncing.has(u.email.toLowerCase())) continue;
      const mode = modeOf(prefs, r.userId, u.roles as Role[], r.kind as NotificationKind);
      if (mode === 'off') continue;
      byState[mode === 'immediate' || urgent ? 'pending' : mode].push(r.id);
    }
    await repo.setEmailState(db, byState.pending, 'pending');
    await repo.setEmailState(db, byState.digest, 'digest');
    await repo.setEmailState(db, byState.weekly, 'weekly');
  }
  if (!tx && stored > 0) await dispatch(ctx);
  return stored;
}

/** `notify` for one message to many users (a notice's audience, a section's students). */
export const notifyUsers = (ctx: AppContext, userIds: readonly string[], n: Omit<NotificationInput, 'userId'>, tx?: Executor, urgent = false) =>
  notify(
    ctx,
    [...new Set(userIds)].map((userId) => ({ ...n, userId })),
    tx,
    urgent,
  );

/**
 * Mails the notifications waiting to go at once: each is claimed by one conditional UPDATE, so
 * however many processes dispatch, each mail is handed to the outbox once. How many were mailed.
 */
export async function dispatch(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await repo.claimPending(ctx.db, BATCH);
    if (claimed.length === 0) return sent;
    const people = await users.usersByIds(ctx, claimed.map((n) => n.userId));
    const bouncing = await mail.bouncingOf(ctx.db, [...people.values()].map((u) => u.email));
    for (const n of claimed) {
      const u = people.get(n.userId);
      if (!u || bouncing.has(u.email.toLowerCase())) continue;
      await ctx.mailer.send(immediateMail(ctx.config.publicUrl, u.email, n));
      sent += 1;
    }
    await yieldToEventLoop();
  }
}

/**
 * The daily digest (the `notifications.digest` job at CRS_DIGEST_HOUR, college time), or with
 * `state` 'weekly' the weekly one (`notifications.weekly-digest`, Mondays at that hour): every user
 * with notifications waiting for it gets one mail listing them. Users are claimed in slices
 * (digest → digested in one UPDATE each), yielding to the event loop between slices so requests are
 * answered meanwhile. How many mails were queued.
 */
export async function sendDigests(ctx: AppContext, state: DigestState = 'digest'): Promise<number> {
  let mails = 0;
  for (;;) {
    await yieldToEventLoop();
    const userIds = await repo.digestUsers(ctx.db, DIGEST_USERS, state);
    if (userIds.length === 0) return mails;
    await yieldToEventLoop();
    const claimed = await repo.claimDigest(ctx.db, userIds, state);
    await yieldToEventLoop();
    const people = await users.usersByIds(ctx, userIds);
    const bouncing = await mail.bouncingOf(ctx.db, [...people.values()].map((u) => u.email));
    const byUser = new Map<string, NotificationRow[]>();
    for (const n of claimed) byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), n]);
    const out = [...byUser].flatMap(([userId, list]) => {
      const u = people.get(userId);
      return !u || u.status !== 'active' || bouncing.has(u.email.toLowerCase()) ? [] : [digestMail(ctx.config.publicUrl, u.email, list, state === 'weekly')];
    });
    // Stored a few dozen per statement; a request waiting meanwhile is answered between statements.
    for (let i = 0; i < out.length; i += MAIL_SLICE) {
      await yieldToEventLoop();
      await ctx.mailer.sendMany(out.slice(i, i + MAIL_SLICE));
    }
    mails += out.length;
  }
}

// The caller's notifications ------------------------------------------------------------------

/** GET /notifications: the caller's, newest first, paged; `unread` counts all their unread ones. */
export async function listMine(ctx: AppContext, p: Principal, q: { unread: boolean; page: number; pageSize: number }): Promise<NotificationList> {
  const { rows, total, unread } = await repo.listOf(ctx.db, p.user.id, q);
  return { notifications: rows.map(presentNotification), total, unread };
}

/** POST /notifications/{id}/read: one of the caller's (another's is not found). */
export async function markRead(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.markRead(ctx.db, id, p.user.id);
  if (!row) throw notFound(MSG.notificationNotFound, 'NOTIFICATION_NOT_FOUND');
  return { notification: presentNotification(row) };
}

/** The user read what a notification announced (a notice opened): that notification is read too. */
export const readByKey = (ctx: AppContext, userId: string, dedupeKey: string): Promise<void> => repo.markReadByKey(ctx.db, userId, dedupeKey);

/** POST /notifications/read-all. */
export async function markAllRead(ctx: AppContext, p: Principal) {
  const marked = await repo.markAllRead(ctx.db, p.user.id);
  return { message: MSG.notificationsMarkedRead(marked), marked };
}

/** GET /notifications/preferences: a row per kind (the choice, or the role's default) and the address's bounce. */
export async function preferences(ctx: AppContext, p: Principal): Promise<NotificationPreferences> {
  const [prefs, bounce] = await Promise.all([repo.preferencesOf(ctx.db, [p.user.id]), mail.bounceOf(ctx.db, p.user.email)]);
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => {
      const chosen = prefs.get(`${p.user.id}:${kind}`);
      return { kind, email: chosen ?? defaultEmailMode(p.user.roles as Role[], kind), isDefault: chosen === undefined };
    }),
    bouncing: bounce ? { address: p.user.email, since: bounce.bouncedAt.toISOString(), reason: bounce.reason } : null,
  };
}

/** PATCH /notifications/preferences: the kinds given take the mode given; `clearBounce` tries the address again. */
export async function updatePreferences(ctx: AppContext, p: Principal, body: UpdatePreferencesBody): Promise<NotificationPreferences & { message: string }> {
  const before = await preferences(ctx, p);
  await ctx.db.transaction(async (tx) => {
    const given = new Map((body.preferences ?? []).map((x) => [x.kind, x.email]));
    const changed = [...given].filter(([kind, email]) => before.preferences.find((b) => b.kind === kind)?.email !== email || before.preferences.find((b) => b.kind === kind)?.isDefault);
    await repo.upsertPreferences(tx, p.user.id, [...given].map(([kind, email]) => ({ kind, email })));
    const target = { type: 'notification settings', id: p.user.id, label: p.user.email };
    if (changed.length > 0) {
      const changes = Object.fromEntries(changed.map(([kind, email]) => [kind, { from: before.preferences.find((b) => b.kind === kind)!.email, to: email }]));
      await audit.record(ctx, p, { action: 'notifications.preferences_changed', target, changes }, tx);
    }
    if (body.clearBounce && (await mail.clearBounce(tx, p.user.email))) {
      await audit.record(ctx, p, { action: 'notifications.bounce_cleared', target, details: { address: p.user.email } }, tx);
    }
  });
  return { ...(await preferences(ctx, p)), message: body.clearBounce ? MSG.notificationBounceCleared : MSG.notificationPreferencesSaved };
}

/** GET /notifications/sent: per day and kind, what was sent (Librarians: the library's only, its holds included). */
export async function sent(ctx: AppContext, p: Principal, q: { kind?: NotificationKind | undefined; days: number }): Promise<SentReport> {
  const admin = hasAnyRole(p.user.roles, ADMINS);
  const library: NotificationKind[] = ['library', 'holds'];
  if (!admin && q.kind && !library.includes(q.kind)) throw forbidden();
  const kinds = q.kind ? [q.kind] : admin ? [...NOTIFICATION_KINDS] : library;
  const days = await repo.sentPerDay(ctx.db, { kinds, days: q.days, timeZone: ctx.config.timeZone });
  return { days, total: days.reduce((s, d) => s + d.sent, 0) };
}

export { seedDemoNotifications } from './notifications.seed.ts';
