import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Guardians (issue 30, decision 0052). `guardian_links`: a guardian account linked to a student,
 * each pair once. `guardian_codes`: the one-time link codes a student (or an Admin) makes; only the
 * SHA-256 of a code is stored, it works for 7 days and once (`used_at` set by one conditional UPDATE).
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relation: text('relation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.studentId] }), index('guardian_links_student_idx').on(t.studentId)],
);

export const guardianCodes = pgTable(
  'guardian_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guardian_codes_student_idx').on(t.studentId).where(sql`${t.usedAt} is null`)],
);
