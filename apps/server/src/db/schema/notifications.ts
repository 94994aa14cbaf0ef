import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Notifications (issue 30, decision 0050): one row per user and event. `dedupeKey` (a reminder's
 * object and stage, `loan:<id>:overdue-7`) is unique per user, and rows are written with
 * INSERT … ON CONFLICT DO NOTHING: a reminder is stored — and mailed — once however many processes
 * or job runs reach it. `email` is the delivery state of its mail: none (off, or bouncing),
 * pending (to mail at once: claimed by one sender after the commit), queued (handed to the outbox),
 * digest (waits for the daily digest), digested (went out in one).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    email: text('email').$type<'none' | 'pending' | 'queued' | 'digest' | 'weekly' | 'digested'>().notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The bell and the history: a user's newest first (seq breaks ties of one statement's rows).
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.seq.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index('notifications_digest_idx').on(t.userId).where(sql`${t.email} = 'digest'`),
    index('notifications_weekly_idx').on(t.userId).where(sql`${t.email} = 'weekly'`),
    index('notifications_pending_idx').on(t.createdAt).where(sql`${t.email} = 'pending'`),
    index('notifications_sent_idx').on(t.createdAt, t.kind),
    check('notifications_kind_check', sql`${t.kind} in ('library', 'attendance', 'exams', 'placement', 'results', 'notices', 'absence', 'holds')`),
    check('notifications_email_check', sql`${t.email} in ('none', 'pending', 'queued', 'digest', 'weekly', 'digested')`),
  ],
);

/** A user's choice of email per kind; a kind without a row takes the role's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: text('email').$type<'immediate' | 'digest' | 'weekly' | 'off'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', sql`${t.kind} in ('library', 'attendance', 'exams', 'placement', 'results', 'notices', 'absence', 'holds')`),
    check('notification_preferences_email_check', sql`${t.email} in ('immediate', 'digest', 'weekly', 'off')`),
  ],
);
