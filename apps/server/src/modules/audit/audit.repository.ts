import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AuditQuery } from '@crs/shared/schemas/audit';
import type { Db, Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { containing, UUID } from '../../lib/patterns.ts';

// Queries of the audit log: insert, filter and page, and the retention purge. There is no update.

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditValues = typeof auditLog.$inferInsert;


export async function insertEntries(db: Executor, list: AuditValues[]): Promise<void> {
  await db.insert(auditLog).values(list);
}

/** Whether `action` was recorded for this actor email and address within the last `minutes`. */
export async function recentlyRecorded(db: Executor, action: string, actorEmail: string | null, ip: string | null, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        gte(auditLog.at, sql`now() - make_interval(mins => ${minutes})`),
        actorEmail === null ? isNull(auditLog.actorEmail) : eq(auditLog.actorEmail, actorEmail),
        ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, ip),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The filters: an actor (account id, or part of a name or email), an action, the kind of target, days in the college's time zone. */
function matching(q: Omit<AuditQuery, 'page' | 'pageSize'>, timeZone: string): SQL | undefined {
  const actor = q.actor?.trim();
  return and(
    actor ? (UUID.test(actor) ? eq(auditLog.actorId, actor) : or(ilike(auditLog.actorName, containing(actor)), ilike(auditLog.actorEmail, containing(actor)))) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.target ? eq(auditLog.targetType, q.target) : undefined,
    q.from ? gte(auditLog.at, sql`(${q.from}::date)::timestamp at time zone ${timeZone}`) : undefined,
    q.to ? lt(auditLog.at, sql`(${q.to}::date + 1)::timestamp at time zone ${timeZone}`) : undefined,
  );
}

/** One page of matching entries, newest first, and how many match. */
export async function listEntries(db: Executor, q: AuditQuery, timeZone: string): Promise<{ rows: AuditRow[]; total: number }> {
  const where = matching(q, timeZone);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/**
 * Deletes the entries older than `days` days: the one DELETE the table's trigger lets through,
 * because this transaction says it is the purge (and only of entries older than 30 days).
 */
export async function purgeOlderThan(db: Db, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('crs.audit_purge', 'on', true)`);
    const gone = await tx.delete(auditLog).where(lt(auditLog.at, sql`now() - make_interval(days => ${days})`)).returning({ id: auditLog.id });
    return gone.length;
  });
}
