import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@crs/shared/roles';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Notices (issue 13, decision 0028). The audience is three lists: roles (empty: every role) and
 * departments and sections (both empty: everyone of those roles; else members of one of them).
 * A reader's matching is one query with array overlaps (`&&`); the ids in the lists are not foreign
 * keys, so a department deleted later simply matches nobody. `expires_on` is the last day shown.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown source; rendered with raw HTML off when presented. */
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    expiresOn: date('expires_on', { mode: 'string' }),
    audienceRoles: text('audience_roles').array().$type<Role[]>().notNull().default(sql`'{}'::text[]`),
    departmentIds: uuid('department_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sectionIds: uuid('section_ids').array().notNull().default(sql`'{}'::uuid[]`),
    attachmentFileId: uuid('attachment_file_id')
      .unique()
      .references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_listing_idx').on(t.pinned, t.createdAt), index('notices_expires_idx').on(t.expiresOn)],
);

/** Who has opened which notice: no row means unread. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notice_reads_pkey', columns: [t.userId, t.noticeId] })],
);
