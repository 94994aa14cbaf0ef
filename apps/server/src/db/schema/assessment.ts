import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExamKind } from '@crs/shared/schemas/assessment';
import { subjectAndSection } from './academics.ts';
import { users } from './users.ts';

// Exams and marks (issue 12, decision 0026). An exam belongs to a subject taught to a section;
// who may manage it is whoever teaches that subject there (the teaching assignment), so a class
// handed to another teacher takes its exams along. Marks are per (exam, student).

export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...subjectAndSection(),
    name: text('name').notNull(),
    kind: text('kind').$type<ExamKind>().notNull(),
    maxMarks: smallint('max_marks').notNull(),
    /** Share of the subject's total, in percent points (numeric: 12.5 is exact). */
    weight: numeric('weight', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    examDate: date('exam_date').notNull(),
    /** When marks became visible to students; null while unpublished. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The notice that told the section's students of the publication (issue 25); no foreign key: see migration 0017. */
    resultsNoticeId: uuid('results_notice_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exams_subject_section_idx').on(t.subjectId, t.sectionId, t.examDate),
    index('exams_section_date_idx').on(t.sectionId, t.examDate),
    check('exams_kind_check', sql`${t.kind} in ('internal', 'mid-term', 'end-term', 'assignment')`),
    check('exams_max_marks_check', sql`${t.maxMarks} between 1 and 1000`),
    check('exams_weight_check', sql`${t.weight} between 0 and 100`),
  ],
);

/** One student's mark in one exam: a number within the maximum, or absent (marks null). */
export const examMarks = pgTable(
  'exam_marks',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marks: numeric('marks', { precision: 6, scale: 2, mode: 'number' }),
    absent: boolean('absent').notNull().default(false),
    remarks: text('remarks'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exam_marks_pkey', columns: [t.examId, t.studentId] }),
    index('exam_marks_student_idx').on(t.studentId),
    check('exam_marks_value_check', sql`(${t.absent} and ${t.marks} is null) or (not ${t.absent} and ${t.marks} >= 0)`),
  ],
);
