import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Role } from '@crs/shared/roles';
import type { Executor } from '../../db/client.ts';
import { noticeReads, notices } from '../../db/schema/notices.ts';

// Queries of notices and who has read them. Each takes the database or an open transaction.

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeValues = typeof notices.$inferInsert;
/** A notice as a reader sees it: the row and whether they have opened it. */
export type ReaderNoticeRow = NoticeRow & { unread: boolean };

/** Who is reading: their roles and where they belong (academics), and today in the college. */
export type Reader = { userId: string; roles: readonly Role[]; departmentIds: readonly string[]; sectionIds: readonly string[]; today: string };

const textArray = (values: readonly string[]) => (values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`'{}'::text[]`);
const uuidArray = (values: readonly string[]) => (values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::uuid[]` : sql`'{}'::uuid[]`);

/** The audience rule: a role of theirs is listed (or none is); a department or section of theirs is listed (or none is); not expired. */
function visibleTo(r: Reader): SQL {
  return and(
    or(sql`cardinality(${notices.audienceRoles}) = 0`, sql`${notices.audienceRoles} && ${textArray(r.roles)}`),
    or(
      sql`(cardinality(${notices.departmentIds}) = 0 and cardinality(${notices.sectionIds}) = 0)`,
      sql`${notices.departmentIds} && ${uuidArray(r.departmentIds)}`,
      sql`${notices.sectionIds} && ${uuidArray(r.sectionIds)}`,
    ),
    or(isNull(notices.expiresOn), gte(notices.expiresOn, r.today)),
  )!;
}

const ORDER = [desc(notices.pinned), desc(notices.createdAt), desc(notices.id)];

/** The reader's notices, pinned first then newest (at most 200), each with `unread`. */
export async function listForReader(db: Executor, r: Reader): Promise<ReaderNoticeRow[]> {
  const rows = await db
    .select({ notice: notices, readAt: noticeReads.readAt })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, r.userId)))
    .where(visibleTo(r))
    .orderBy(...ORDER)
    .limit(200);
  return rows.map((x) => ({ ...x.notice, unread: x.readAt === null }));
}

/** One notice if the reader is in its audience (and it has not expired). */
export async function findForReader(db: Executor, id: string, r: Reader): Promise<NoticeRow | undefined> {
  return (await db.select().from(notices).where(and(eq(notices.id, id), visibleTo(r))))[0];
}

/** Every notice, expired ones too (publishers), pinned first then newest, at most 500. */
export const listAll = (db: Executor): Promise<NoticeRow[]> => db.select().from(notices).orderBy(...ORDER).limit(500);

export const findNotice = async (db: Executor, id: string): Promise<NoticeRow | undefined> => (await db.select().from(notices).where(eq(notices.id, id)))[0];
export const findByAttachment = async (db: Executor, fileId: string): Promise<NoticeRow | undefined> => (await db.select().from(notices).where(eq(notices.attachmentFileId, fileId)))[0];
export const insertNotice = async (db: Executor, v: NoticeValues): Promise<NoticeRow> => (await db.insert(notices).values(v).returning())[0]!;
export const updateNotice = async (db: Executor, id: string, v: Partial<NoticeValues>): Promise<NoticeRow | undefined> =>
  (await db.update(notices).set({ ...v, updatedAt: sql`now()` }).where(eq(notices.id, id)).returning())[0];
export const deleteNotice = async (db: Executor, id: string): Promise<NoticeRow | undefined> => (await db.delete(notices).where(eq(notices.id, id)).returning())[0];

/** Records that the user opened the notice (a second time changes nothing). */
export async function markRead(db: Executor, noticeId: string, userId: string): Promise<void> {
  await db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing();
}
/** Seeding: several notices at once. */
export const insertNotices = async (db: Executor, list: NoticeValues[]): Promise<NoticeRow[]> => (list.length ? db.insert(notices).values(list).returning() : []);
export const countNotices = async (db: Executor): Promise<number> => Number((await db.select({ n: sql<number>`count(*)::int` }).from(notices))[0]?.n ?? 0);
/** Which of `noticeIds` the user has opened. */
export async function readIdsOf(db: Executor, userId: string, noticeIds: readonly string[]): Promise<Set<string>> {
  if (noticeIds.length === 0) return new Set();
  const rows = await db
    .select({ id: noticeReads.noticeId })
    .from(noticeReads)
    .where(and(eq(noticeReads.userId, userId), sql`${noticeReads.noticeId} = any(${uuidArray(noticeIds)})`));
  return new Set(rows.map((r) => r.id));
}
/** Notices whose last day shown is from..to (both included). */
export const countExpiringBetween = async (db: Executor, from: string, to: string): Promise<number> =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(notices).where(sql`${notices.expiresOn} between ${from} and ${to}`))[0]?.n ?? 0);
