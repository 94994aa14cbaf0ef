import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subjects } from './academics.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Teaching materials (issue 12 item 7, decision 0026): a teacher's notes for a subject (readable
 * by the students of the sections it is taught to) or research (no subject: every signed-in user).
 * The bytes are a `files` row of purpose 'material'; deleting the material removes it.
 */
export const materials = pgTable(
  'materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('materials_teacher_idx').on(t.teacherId, t.createdAt), index('materials_subject_idx').on(t.subjectId)],
);
