import { sql } from 'drizzle-orm';
import { bigint, check, customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The PostgreSQL file store (db/file-store.ts, decision 0049): the bytes of uploaded and generated
 * files kept in the shared database when CRS_FILE_STORE=postgres. A blob and its pieces are written
 * in one transaction that ends by naming it: a key always holds a whole file. These tables are
 * the store, not data: backups carry their bytes as the archive's files, not as rows.
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The store key (`ab/<uuid>`); null only inside the transaction that writes the blob. */
    key: text('key').unique(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('file_blobs_size_check', sql`${t.size} >= 0`)],
);

/** A blob's bytes in pieces of 256 KiB, in order `n` = 0, 1, … */
export const fileChunks = pgTable(
  'file_chunks',
  {
    blobId: uuid('blob_id')
      .notNull()
      .references(() => fileBlobs.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.n] })],
);
