import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { importIdColumn, stagingTable } from '../../lib/import/staging-table.ts';
import { users } from './users.ts';

/** One experience of an alumnus, as stored in alumni.experiences (decision 0021: jsonb, not a child table). */
export type ExperienceJson = {
  company: string | null;
  role: string | null;
  startDate: string | null;
  endDate: string | null;
  currentlyWorking: boolean;
  description: string | null;
};

/**
 * One real alumni import (decisions 0016, 0021): its new alumni are written in short committed
 * batches while it is `pending`, hidden from every read, and the transaction that applies its
 * updates flips it to `committed`, which shows them all at once. A failed or interrupted import
 * is deleted with the alumni it wrote (alumni.import_id cascades). One pending at a time.
 */
export const alumniImports = stagingTable('alumni_imports', () => users.id);

/**
 * The alumni directory (spec section 3). Email (stored lower-case) and enrollment number are each
 * unique when present, case-insensitively. search_text (lower-cased name, current company and
 * current role), name_key and department_key are kept by the trigger `alumni_search_refresh`
 * (migrations 0004, 0015), so every writer —
 * API, import, seed, restore — gets it; a pg_trgm GIN serves the partial-word search.
 */
export const alumni = pgTable(
  'alumni',
  {
    // What a search or a filter reads of every row it scans comes first, in this order on disk
    // (migration 0015, decision 0021), and the lower-cased keys are stored: `lower()` per row was
    // the directory's slowest step on the embedded database.
    id: uuid('id').primaryKey().defaultRandom(),
    /** The import that added the alumnus (null: added otherwise); hidden while that import is pending. */
    importId: importIdColumn(alumniImports),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull().default('public'),
    searchText: text('search_text').notNull().default(''),
    /** lower(department): the department filter. */
    departmentKey: text('department_key'),
    graduationYear: integer('graduation_year'),
    /** lower(name): the name orders. */
    nameKey: text('name_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    enrollmentNo: text('enrollment_no'),
    batch: text('batch'),
    department: text('department'),
    degree: text('degree'),
    specialization: text('specialization'),
    currentCompany: text('current_company'),
    currentRole: text('current_role'),
    linkedin: text('linkedin'),
    location: text('location'),
    about: text('about'),
    experiences: jsonb('experiences').$type<ExperienceJson[]>().notNull().default(sql`'[]'::jsonb`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alumni_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('alumni_enrollment_key').on(sql`lower(${t.enrollmentNo})`).where(sql`${t.enrollmentNo} is not null`),
    // Directory order (the default sort); "C" keeps both databases alike.
    index('alumni_name_sort_idx').on(sql`${t.nameKey} collate "C"`, t.id),
    index('alumni_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The two year orders of the list (by year, then name), each walkable to its first page.
    index('alumni_year_sort_idx').on(sql`${t.graduationYear} asc nulls last`, sql`${t.nameKey} collate "C"`, t.id),
    index('alumni_year_desc_sort_idx').on(sql`${t.graduationYear} desc nulls last`, sql`${t.nameKey} collate "C"`, t.id),
    index('alumni_department_idx').on(t.departmentKey),
    index('alumni_created_idx').on(t.createdAt, t.id),
    index('alumni_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    check('alumni_visibility_check', sql`${t.visibility} in ('public', 'private')`),
    check('alumni_year_check', sql`${t.graduationYear} is null or ${t.graduationYear} between 1900 and 2100`),
  ],
);
export type AlumnusRow = typeof alumni.$inferSelect;

/**
 * Every bulk message sent to alumni: who sent it, when, the text (merge fields unfilled) and the
 * recipients as they were then (id, name, email or null when they had none), so the record
 * survives the alumni being edited or deleted. The mails themselves are in mail_outbox.
 */
export const alumniMessages = pgTable(
  'alumni_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipients: jsonb('recipients').$type<Array<{ id: string; name: string; email: string | null }>>().notNull(),
    queued: integer('queued').notNull(),
  },
  (t) => [index('alumni_messages_sent_idx').on(t.sentAt, t.id)],
);
export type AlumniMessageRow = typeof alumniMessages.$inferSelect;
