import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DocType } from '@crs/shared/schemas/docs';
import { subjects } from './academics.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * The document repository (issue 13 item 1, decision 0027): what Admin/SuperAdmin publish. Notes
 * may name a subject (then only its sections' students, its teachers and staff see them); every
 * other document is for every signed-in user. The bytes are a `files` row of purpose 'document'.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type').$type<DocType>().notNull(),
    description: text('description').notNull().default(''),
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'restrict' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_type_created_idx').on(t.type, t.createdAt),
    index('documents_subject_idx').on(t.subjectId),
    check('documents_type_check', sql`${t.type} in ('syllabus', 'circular', 'notes', 'researches')`),
    check('documents_subject_notes_check', sql`${t.subjectId} is null or ${t.type} = 'notes'`),
  ],
);
