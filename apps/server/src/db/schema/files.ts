import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FilePurpose } from '@crs/shared/schemas/files';
import { users } from './users.ts';

/**
 * Uploaded and generated files (modules/files): what the bytes are, who put them there and what
 * for. The bytes live in the file store under `storage_key` (lib/storage.ts), never in a row.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_purpose_idx').on(t.ownerId, t.purpose),
    check('files_purpose_check', sql`${t.purpose} in ('avatar', 'material', 'document', 'generated', 'notice', 'logo', 'resume')`),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
);
