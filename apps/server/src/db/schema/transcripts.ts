import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Grade cards and transcripts issued (issue 27 item 6, decision 0044). A row per PDF generated:
 * a grade card of one term (`term` = the semester number 1–10 of the subjects it lists) or a
 * transcript of all terms (`term` null). Its QR code carries a random token whose SHA-256 is
 * `token_hash`; `cgpa` is the CGPA printed on it (null while nothing was published), what the
 * public verification shows. Revoking sets `revoked_at`: the QR says invalid from then on. The
 * PDF itself is not kept: it is drawn from the published results on each request.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    term: integer('term'),
    tokenHash: text('token_hash').notNull(),
    cgpa: numeric('cgpa', { precision: 4, scale: 2 }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transcripts_token_hash_key').on(t.tokenHash),
    index('transcripts_student_idx').on(t.studentId, t.issuedAt),
    check('transcripts_kind_check', sql`${t.kind} in ('gradecard', 'transcript')`),
    check('transcripts_term_check', sql`(${t.kind} = 'transcript' and ${t.term} is null) or (${t.kind} = 'gradecard' and ${t.term} between 1 and 10)`),
  ],
);
