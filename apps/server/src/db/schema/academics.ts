import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RolloverPlan } from '@crs/shared/schemas/rollover';
import { departments, sections } from './academic-structure.ts';
import { users } from './users.ts';

export { departments, sections };

// The academic structure (issue 11, decision 0023): departments → subjects and sections →
// enrolment, teaching assignments → weekly timetable slots. Deleting a parent still in use is
// refused by the foreign keys (restrict); enrolment and slots go with their section/assignment.

export const subjects = pgTable(
  'subjects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "CS301", stored upper-case; unique across the college. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    semester: smallint('semester').notNull(),
    credits: smallint('credits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_code_key').on(t.code),
    index('subjects_department_idx').on(t.departmentId, t.semester),
    check('subjects_semester_check', sql`${t.semester} between 1 and 10`),
    check('subjects_credits_check', sql`${t.credits} between 0 and 20`),
  ],
);

/** Enrolment: a student on a section's roster (a student may be on several, e.g. electives). */
export const sectionStudents = pgTable(
  'section_students',
  {
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'section_students_pkey', columns: [t.sectionId, t.studentId] }), index('section_students_student_idx').on(t.studentId)],
);

/**
 * A subject taught to a section: the two columns a teaching assignment and an exam both carry
 * (restrict: a subject or section still taught or examined cannot be deleted).
 */
export const subjectAndSection = () => ({
  subjectId: uuid('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'restrict' }),
  sectionId: uuid('section_id')
    .notNull()
    .references(() => sections.id, { onDelete: 'restrict' }),
});

/**
 * Who teaches which subject to which section: one teacher per subject and section. (id,
 * teacher_id, section_id) is unique so timetable slots can carry teacher and section through a
 * composite foreign key that follows a change of teacher (on update cascade).
 */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ...subjectAndSection(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_assignments_subject_section_key').on(t.subjectId, t.sectionId),
    unique('teaching_assignments_id_teacher_section_key').on(t.id, t.teacherId, t.sectionId),
    index('teaching_assignments_teacher_idx').on(t.teacherId),
    index('teaching_assignments_section_idx').on(t.sectionId),
  ],
);

/**
 * Weekly slots. teacher_id and section_id are copies of the assignment's, kept equal by the
 * composite foreign key (on update cascade), so the exclusion constraints of migration 0005
 * (btree_gist) refuse a teacher, section or room (case-insensitive) booked twice at overlapping
 * times on the same weekday, in the database, on both PGlite and PostgreSQL.
 * Times are minutes after midnight in the college's time zone; a slot never crosses midnight.
 */
export const timetableSlots = pgTable(
  'timetable_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id').notNull(),
    teacherId: uuid('teacher_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    startMin: integer('start_min').notNull(),
    endMin: integer('end_min').notNull(),
    room: text('room').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change (issue 27: the iCal feed's SEQUENCE of the class grows with it). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'timetable_slots_assignment_fk',
      columns: [t.assignmentId, t.teacherId, t.sectionId],
      foreignColumns: [teachingAssignments.id, teachingAssignments.teacherId, teachingAssignments.sectionId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('timetable_slots_assignment_idx').on(t.assignmentId, t.weekday),
    index('timetable_slots_teacher_day_idx').on(t.teacherId, t.weekday, t.startMin),
    index('timetable_slots_section_day_idx').on(t.sectionId, t.weekday, t.startMin),
    check('timetable_slots_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('timetable_slots_time_check', sql`${t.startMin} >= 0 and ${t.endMin} <= 1440 and ${t.endMin} > ${t.startMin}`),
  ],
);

/**
 * The semester rollovers (issue 27 item 4, decision 0045): one row per closed term (academic year
 * and odd/even), written in the run's own transaction, so a run either happened whole or not at
 * all and a second run of the same term finds it and changes nothing. `summary` is the plan as run
 * (the page's summary); who ran it is in the audit log too.
 */
export const rolloverRuns = pgTable(
  'rollover_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    academicYear: text('academic_year').notNull(),
    /** 'odd' | 'even'. */
    term: text('term').notNull(),
    summary: jsonb('summary').$type<RolloverPlan>().notNull(),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rollover_runs_term_key').on(t.academicYear, t.term), check('rollover_runs_term_check', sql`${t.term} in ('odd', 'even')`)],
);

/**
 * What a rollover did to each student: promoted from → to, held back (with the reason) or
 * graduated. A graduate is a student with a 'graduate' row (academics.read `isGraduate`): the
 * library and placement ask it; the alumni directory's from-graduates reads it.
 */
export const rolloverStudents = pgTable(
  'rollover_students',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => rolloverRuns.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromSectionId: uuid('from_section_id').references(() => sections.id, { onDelete: 'set null' }),
    toSectionId: uuid('to_section_id').references(() => sections.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** For a graduate: the batch ("2023-2027") and the year of graduation. */
    batch: text('batch'),
    graduationYear: integer('graduation_year'),
  },
  (t) => [
    primaryKey({ name: 'rollover_students_pkey', columns: [t.runId, t.studentId] }),
    index('rollover_students_student_idx').on(t.studentId, t.action),
    index('rollover_students_batch_idx').on(t.batch).where(sql`${t.action} = 'graduate'`),
    check('rollover_students_action_check', sql`${t.action} in ('promote', 'hold', 'graduate')`),
  ],
);
