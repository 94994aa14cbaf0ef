import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccountStatus, Role } from '@crs/shared/roles';
import { departments, sections } from './academic-structure.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: text('phone'),
    bio: text('bio'),
    avatar: text('avatar'),
    studentId: text('student_id'),
    /**
     * The department's name as shown. With department_id set it is that Academics department's name
     * (kept in step by the services); without, a legacy free-text value no department matched
     * (`npm run crs -- users:unmatched`, decision 0036).
     */
    department: text('department'),
    /** The person's Academics department (decision 0036); a department people belong to cannot be deleted. */
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    /** A Student's section name as shown; like `department`, a legacy value when section_id is null (decision 0036). */
    section: text('section'),
    /**
     * A Student's home section: always one of their enrolments (section_students, the truth), set and
     * moved with it in one transaction (decision 0036).
     */
    sectionId: uuid('section_id').references(() => sections.id, { onDelete: 'set null' }),
    /** Staff number of a Teacher, Staff, Librarian or administrator; unique when present. */
    employeeId: text('employee_id'),
    bloodGroup: text('blood_group'),
    roles: text('roles').array().$type<Role[]>().notNull(),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on role change, password reset or disable: older access tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_student_id_key').on(t.studentId),
    uniqueIndex('users_employee_id_key').on(t.employeeId),
    index('users_department_idx').on(t.department),
    index('users_department_id_idx').on(t.departmentId),
    index('users_section_id_idx').on(t.sectionId),
    index('users_status_created_idx').on(t.status, t.createdAt),
    check('users_status_check', sql`${t.status} in ('active', 'pending', 'disabled')`),
    check('users_roles_nonempty', sql`cardinality(${t.roles}) > 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Student numbers (studentId "STU000123"), handed out once each. */
export const studentNumberSeq = pgSequence('student_number_seq', { startWith: 1001 });

/** A person's achievements (awards, publications, certifications) shown on their profile. */
export const achievements = pgTable(
  'achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    year: integer('year').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('achievements_user_year_idx').on(t.userId, t.year)],
);
