import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { librarySettings, loans } from '../../db/schema/library.ts';
import { isOverdue, mayOwe, owedPaiseExpr } from './loans.repository.ts';

// The circulation desk's figures: members' loans and fines, and the library's totals.

/** Loans on hand and fines owed (paise) of each member in `userIds` who has any loan. */
export async function loanFiguresOf(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { active: number; owedPaise: number }>();
  const rows = await db
    .select({
      userId: loans.userId,
      active: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(sql`${loans.userId} = any(${sql.param([...userIds])}::uuid[])`)
    .groupBy(loans.userId);
  return new Map(rows.map((r) => [r.userId, { active: Number(r.active), owedPaise: Number(r.owedPaise) }]));
}

/** Copies on loan, overdue loans and fines outstanding (paise, accruing ones included). */
export async function circulationTotals(db: Executor): Promise<{ onLoan: number; overdue: number; owedPaise: number }> {
  const [l] = await db
    .select({
      onLoan: sql<number>`(count(*) filter (where ${loans.returnedOn} is null))::int`,
      overdue: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
      owedPaise: sql<number>`coalesce(sum(${owedPaiseExpr}) filter (where ${mayOwe}), 0)::int`,
    })
    .from(loans)
    .innerJoin(librarySettings, eq(librarySettings.id, 1))
    .where(sql`${loans.returnedOn} is null or ${mayOwe}`);
  return { onLoan: Number(l?.onLoan ?? 0), overdue: Number(l?.overdue ?? 0), owedPaise: Number(l?.owedPaise ?? 0) };
}
