// Staged imports (decision 0016): the repository functions of the staging tables (staging-table.ts),
// the one write every large import goes through, and the sweep of imports a crash left pending.
import { and, eq, getTableName, lte, sql } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { MSG } from '@crs/shared/messages';
import { conflict } from '../errors.ts';
import { stagingTables } from './staging-table.ts';
import type { StagingTable } from './staging-table.ts';
import { yieldToEventLoop } from '../yield.ts';

type Schema = Record<string, unknown>;
/** The database or an open transaction (lib/ knows no db/ folder: any drizzle PostgreSQL database). */
export type StagingDb<S extends Schema> = PgDatabase<PgQueryResultHKT, S>;
export type StagingTx<S extends Schema> = PgTransaction<PgQueryResultHKT, S, ExtractTablesWithRelations<S>>;

/** No import runs this long (50,000 rows take about a minute): a pending one this old was cut off. */
export const STALE_IMPORT_MINUTES = 30;

/** Opens the one pending import of `staging`; undefined when another is pending (the partial unique index). */
export async function openImport<S extends Schema>(db: StagingDb<S>, staging: StagingTable, who: string | null): Promise<string | undefined> {
  const [row] = await db.insert(staging).values({ who }).onConflictDoNothing().returning({ id: staging.id });
  return row?.id;
}

/** Counts `n` more rows written by a pending import, in the transaction that wrote them. */
export async function countImportRows<S extends Schema>(db: StagingDb<S>, staging: StagingTable, importId: string, n: number): Promise<void> {
  if (n > 0) await db.update(staging).set({ rows: sql`${staging.rows} + ${n}::int` }).where(eq(staging.id, importId));
}

/** Shows every row of the import at once. False if it was not pending (swept meanwhile). */
export async function commitImport<S extends Schema>(db: StagingDb<S>, staging: StagingTable, importId: string): Promise<boolean> {
  const rows = await db
    .update(staging)
    .set({ state: 'committed' })
    .where(and(eq(staging.id, importId), eq(staging.state, 'pending')))
    .returning({ id: staging.id });
  return rows.length === 1;
}

/** Deletes a pending import and (cascade) every row it wrote. A committed import is never touched. */
export async function dropImport<S extends Schema>(db: StagingDb<S>, staging: StagingTable, importId: string): Promise<void> {
  await db.delete(staging).where(and(eq(staging.id, importId), eq(staging.state, 'pending')));
}

/**
 * Deletes, in every staging table, the imports still pending that started `staleMinutes` or more
 * before `now`, with every row they wrote, so none stays hidden or blocks the next import; how many
 * imports. The default only cuts imports older than any real one, so it is safe where other
 * processes may be importing (a shared PostgreSQL database, the periodic sweep); 0 (every pending
 * import) is for the start of the one process that holds the embedded database, where every
 * pending import is a leftover.
 */
export async function sweepStaleImports<S extends Schema>(db: StagingDb<S>, now: Date, staleMinutes = STALE_IMPORT_MINUTES): Promise<number> {
  // 0 is every pending import, whatever the clocks say (the database's timestamps are finer than a Date).
  const startedBy = staleMinutes > 0 ? new Date(now.getTime() - staleMinutes * 60_000) : undefined;
  let swept = 0;
  for (const staging of stagingTables()) {
    const rows = await db
      .delete(staging)
      .where(and(eq(staging.state, 'pending'), startedBy && lte(staging.startedAt, startedBy)))
      .returning({ id: staging.id });
    swept += rows.length;
  }
  return swept;
}

export type StagedResult = { created: number; updated: number };

/** What a module writes as one staged import. */
export interface StagedPlan<S extends Schema, N> {
  /** Rows per batch, each batch its own short transaction (the embedded database answers others in between). */
  batchSize: number;
  /**
   * Runs once this import is the only pending one, so keys checked here cannot be raced by another
   * import: the rows to insert, and `commit`, the rest of the import (updates, audit) that commits
   * with it in the transaction that shows it.
   */
  prepare(): Promise<{ rows: N[]; commit(tx: StagingTx<S>, created: number): Promise<StagedResult> }>;
  /** Inserts one batch with import_id = `importId`; how many rows went in. */
  insert(tx: StagingTx<S>, rows: N[], importId: string): Promise<number>;
  /** After a commit that wrote something (planner statistics: the embedded database has no autovacuum). */
  after?(result: StagedResult): Promise<unknown>;
}

/**
 * Writes one import with staged visibility: opens the one pending import of `staging` (a second is
 * 409 IMPORT_IN_PROGRESS), inserts the rows in committed batches counted on the import and hidden
 * by `visibleRows`, then one transaction runs the plan's `commit` and flips the import to
 * `committed`, which shows every row at once. On any failure the import and every row it wrote
 * are deleted and the error is rethrown: readers see all of an import or none of it.
 */
export async function writeStaged<S extends Schema, N>(db: StagingDb<S>, staging: StagingTable, who: string | null, plan: StagedPlan<S, N>): Promise<StagedResult> {
  const importId = await openImport(db, staging, who);
  if (!importId) throw conflict(MSG.importInProgress, 'IMPORT_IN_PROGRESS');
  let result: StagedResult;
  try {
    const { rows, commit } = await plan.prepare();
    let created = 0;
    for (let i = 0; i < rows.length; i += plan.batchSize) {
      const batch = rows.slice(i, i + plan.batchSize);
      created += await db.transaction(async (tx) => {
        const n = await plan.insert(tx, batch, importId);
        await countImportRows(tx, staging, importId, n);
        return n;
      });
      await yieldToEventLoop();
    }
    result = await db.transaction(async (tx) => {
      if (!(await commitImport(tx, staging, importId))) throw new Error(`${getTableName(staging)} ${importId} vanished before its commit`);
      return commit(tx, created);
    });
  } catch (err) {
    await dropImport(db, staging, importId);
    throw err;
  }
  if (result.created + result.updated > 0) await plan.after?.(result);
  return result;
}
