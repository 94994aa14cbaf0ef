import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Departments and sections, the two academic tables a user row points at (users.department_id,
// users.section_id). They live apart from academics.ts so that users.ts can reference them while
// academics.ts references users, with no import cycle (import-x/no-cycle). They belong to the
// academics module: it and everyone else import them through academics.ts, which re-exports them.

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "CSE", stored upper-case; unique. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_code_key').on(t.code)],
);

export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "CSE-3A", stored upper-case; unique within an academic year. */
    name: text('name').notNull(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    semester: smallint('semester').notNull(),
    /** "2026-27". */
    academicYear: text('academic_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sections_name_year_key').on(t.name, t.academicYear),
    index('sections_department_idx').on(t.departmentId, t.semester),
    check('sections_semester_check', sql`${t.semester} between 1 and 10`),
  ],
);
