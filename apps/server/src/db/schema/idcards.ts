import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Digital ID cards (issue 13 item 2, decision 0027). A row per card ever issued; at most one live
 * card per student (revoked_at null). The QR code carries a random token whose SHA-256 is
 * `token_hash`; revoking or regenerating sets `revoked_at`, so the old QR stops verifying. The
 * card itself is a PNG and a PDF in the files module (purpose 'generated'), removed with it.
 */
export const idCards = pgTable(
  'id_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    pngFileId: uuid('png_file_id').references(() => files.id, { onDelete: 'set null' }),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    bloodGroup: text('blood_group'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('id_cards_token_hash_key').on(t.tokenHash),
    uniqueIndex('id_cards_live_student_key').on(t.studentId).where(sql`${t.revokedAt} is null`),
    index('id_cards_student_idx').on(t.studentId, t.issuedAt),
  ],
);
