import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FieldChange } from '@crs/shared/schemas/audit';

/**
 * The audit log (issue 14, decision 0032). Append-only: a trigger (migration 0011) refuses every
 * UPDATE and every DELETE except the retention purge's, which marks its own transaction. The actor
 * is copied (id, name, email) rather than referenced, so an entry outlives the account and never
 * changes when the account does.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default(sql`'{}'::jsonb`),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorId, t.at), index('audit_log_action_idx').on(t.action, t.at)],
);
