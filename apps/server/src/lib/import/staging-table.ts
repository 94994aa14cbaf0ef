// The shape of a staged import's tables (decision 0016): one `<m>_imports` table per import that
// writes in committed batches, and an `import_id` column on the rows it writes. Drizzle only (no
// database, no messages), so drizzle-kit and the schema files can load it.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const shapeOf = (name: string, who: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      state: text('state', { enum: ['pending', 'committed'] }).notNull().default('pending'),
      who: uuid('who').references(who, { onDelete: 'set null' }),
      startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
      rows: integer('rows').notNull().default(0),
    },
    (t) => [uniqueIndex(`${name}_one_pending`).on(t.state).where(sql`${t.state} = 'pending'`), check(`${name}_state_check`, sql`${t.state} in ('pending', 'committed')`)],
  );

export type StagingTable = ReturnType<typeof shapeOf>;

const tables: StagingTable[] = [];

/**
 * One table of staged imports, `name` (`book_imports`): each row is one real import, `pending`
 * while its rows are written in batches and hidden, `committed` once one tiny transaction has
 * shown them all. `who` references the users table (passed in: lib/ knows no schema file); `rows`
 * counts the rows written so far. The partial unique index lets one import be pending at a time.
 * Every table made here is swept by `sweepStaleImports` (staged.ts).
 */
export function stagingTable(name: string, who: () => AnyPgColumn): StagingTable {
  const table = shapeOf(name, who);
  tables.push(table);
  return table;
}

/**
 * Every staging table of the schema. The schema files make them when they load, and the database
 * client loads every schema file (db/schema/index.ts), so with a database open the list is whole.
 */
export const stagingTables = (): readonly StagingTable[] => tables;

/** The column a staged row carries: the import that wrote it (null: written otherwise); deleting the import deletes it. */
export const importIdColumn = (staging: StagingTable) => uuid('import_id').references(() => staging.id, { onDelete: 'cascade' });

/**
 * The one visibility rule: a row written by an import that is still pending is hidden from every
 * read and write, so readers see all of an import or none of it. The subquery is uncorrelated, so
 * it runs once per query (an InitPlan), not once per row. One import is pending at a time (the
 * partial unique index), so the row is compared with one id (the nil uuid, which no import has, when
 * none is pending): the planner charges a comparison with an array ten, a row scanned for ten
 * elements, which tipped the catalogue's capped prefix search at 1M books from a scan that stops at
 * the cap to a GIN bitmap 3-5x slower (decision 0013).
 */
export const visibleRows = (importId: AnyPgColumn, staging: StagingTable): SQL =>
  sql`(${importId} is null or ${importId} <> coalesce((select ${staging.id} from ${staging} where ${staging.state} = 'pending'), '00000000-0000-0000-0000-000000000000'::uuid))`;

/** How many rows pending imports have written so far: the part of a kept count readers must not see. */
export const pendingRows = (staging: StagingTable): SQL => sql`(select coalesce(sum(${staging.rows}), 0) from ${staging} where ${staging.state} = 'pending')`;
