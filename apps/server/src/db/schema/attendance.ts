import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AttendanceStatus } from '@crs/shared/schemas/attendance';
import { teachingAssignments } from './academics.ts';
import { users } from './users.ts';

// Attendance (issue 11 item 4, decision 0023).

/**
 * One class taken: an assignment on a date at a start time. The unique key makes saving again an
 * update (upsert), never a second session. attended/marked/excused are the counts of its records,
 * rewritten in the transaction that writes them, so the summary sums one row per session instead
 * of reading every record.
 */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => teachingAssignments.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    startMin: integer('start_min').notNull(),
    /**
     * An extra class the teacher declared (issue 25 item 13): held outside the timetable, so no slot
     * of that weekday starts then. A session that is not extra was saved for a timetabled slot.
     */
    extra: boolean('extra').notNull().default(false),
    /** An extra class's end (minutes after midnight), when the teacher gave one; timetabled classes take theirs from the slot. */
    endMin: integer('end_min'),
    attended: integer('attended').notNull().default(0),
    marked: integer('marked').notNull().default(0),
    excused: integer('excused').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_sessions_key').on(t.assignmentId, t.date, t.startMin),
    check('attendance_sessions_start_check', sql`${t.startMin} between 0 and 1439`),
    check('attendance_sessions_end_check', sql`${t.endMin} is null or (${t.endMin} > ${t.startMin} and ${t.endMin} <= 1440)`),
    check('attendance_sessions_counts_check', sql`${t.attended} >= 0 and ${t.marked} >= ${t.attended} and ${t.excused} >= 0`),
  ],
);

/** One student's status in one session, with who marked it last and when. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AttendanceStatus>().notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'attendance_records_pkey', columns: [t.sessionId, t.studentId] }),
    index('attendance_records_student_idx').on(t.studentId, t.sessionId),
    check('attendance_records_status_check', sql`${t.status} in ('present', 'absent', 'late', 'excused')`),
  ],
);
