import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail is written here first, so a failed SMTP send never loses it.
 * status: pending (to send), sent, stored (no SMTP configured: kept and printed), failed (gave up).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<'pending' | 'sent' | 'stored' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'stored', 'failed')`),
  ],
);

/**
 * Addresses whose mail bounced permanently (an SMTP 5xx answer). The outbox sends nothing more to
 * them: the row goes when the user changes their email (a new address has none) or clears it.
 */
export const mailBounces = pgTable('mail_bounces', {
  address: text('address').primaryKey(),
  reason: text('reason').notNull(),
  bouncedAt: timestamp('bounced_at', { withTimezone: true }).notNull().defaultNow(),
});
