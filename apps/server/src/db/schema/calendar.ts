import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { departments, sections } from './academic-structure.ts';
import { users } from './users.ts';

/**
 * The academic calendar's stored entries (issue 27, decision 0043): holidays, exam periods and
 * events, for the whole college, a department or a section. Dates are the college's local dates
 * (inclusive range); times (events only) are minutes after midnight. The checks mirror the zod
 * rules of packages/shared/src/schemas/calendar.ts.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startMin: smallint('start_min'),
    endMin: smallint('end_min'),
    scope: text('scope').notNull().default('college'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => sections.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_dates_idx').on(t.startDate, t.endDate),
    check('calendar_events_kind_check', sql`${t.kind} in ('holiday', 'exam-period', 'event')`),
    check('calendar_events_title_check', sql`length(${t.title}) between 1 and 120`),
    check('calendar_events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'calendar_events_times_check',
      sql`(${t.startMin} is null and ${t.endMin} is null) or (${t.kind} = 'event' and ${t.startMin} between 0 and 1439 and ${t.endMin} between 1 and 1440 and (${t.endDate} > ${t.startDate} or ${t.endMin} > ${t.startMin}))`,
    ),
    check(
      'calendar_events_scope_check',
      sql`(${t.scope} = 'college' and ${t.departmentId} is null and ${t.sectionId} is null) or (${t.scope} = 'department' and ${t.departmentId} is not null and ${t.sectionId} is null) or (${t.scope} = 'section' and ${t.sectionId} is not null and ${t.departmentId} is null)`,
    ),
  ],
);

/** A user's private iCal feed: only a SHA-256 hash of the URL's secret is kept (one feed per user). */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the URL's secret; the secret is derived from the row's id under the server's key and never stored. */
  secretHash: text('secret_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});
