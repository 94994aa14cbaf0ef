import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { CalendarEventKind } from '@crs/shared/schemas/calendar';
import type { Executor } from '../../db/client.ts';
import { calendarEvents, calendarFeeds } from '../../db/schema/calendar.ts';

// Queries of the calendar's stored entries and of the users' feeds. Each takes the database or an
// open transaction.

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarEventValues = typeof calendarEvents.$inferInsert;
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Whose entries: everything (college-wide readers), or the college's and those of some departments and sections. */
export type Concerning = { all: true } | { all: false; departmentIds: readonly string[]; sectionIds: readonly string[] };

const ORDER = [asc(calendarEvents.startDate), asc(calendarEvents.startMin), asc(calendarEvents.title), asc(calendarEvents.id)];

function concerns(c: Concerning) {
  if (c.all) return undefined;
  return or(
    eq(calendarEvents.scope, 'college'),
    c.departmentIds.length ? inArray(calendarEvents.departmentId, [...c.departmentIds]) : undefined,
    c.sectionIds.length ? inArray(calendarEvents.sectionId, [...c.sectionIds]) : undefined,
  );
}

/** Entries overlapping from..to (either bound open), of one kind if given, concerning `c`; at most 2000, by start. */
export const listBetween = (db: Executor, f: { from?: string | undefined; to?: string | undefined; kind?: CalendarEventKind | undefined; kinds?: CalendarEventKind[] }, c: Concerning = { all: true }): Promise<CalendarEventRow[]> =>
  db
    .select()
    .from(calendarEvents)
    .where(
      and(
        f.from ? gte(calendarEvents.endDate, f.from) : undefined,
        f.to ? lte(calendarEvents.startDate, f.to) : undefined,
        f.kind ? eq(calendarEvents.kind, f.kind) : undefined,
        f.kinds ? inArray(calendarEvents.kind, f.kinds) : undefined,
        concerns(c),
      ),
    )
    .orderBy(...ORDER)
    .limit(2000);

/** The first entry of `kind` ending on or after `from` concerning `c` (the dashboards' next holiday, next event). */
export const nextOf = async (db: Executor, kind: CalendarEventKind, from: string, c: Concerning): Promise<CalendarEventRow | undefined> =>
  (await db.select().from(calendarEvents).where(and(eq(calendarEvents.kind, kind), gte(calendarEvents.endDate, from), concerns(c))).orderBy(...ORDER).limit(1))[0];

/** The holidays on `date` for the college, any of these departments or any of these sections. */
export const holidaysOn = (db: Executor, date: string, where: { departmentIds: readonly string[]; sectionIds: readonly string[] }): Promise<CalendarEventRow[]> =>
  db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.kind, 'holiday'),
        lte(calendarEvents.startDate, date),
        gte(calendarEvents.endDate, date),
        or(
          eq(calendarEvents.scope, 'college'),
          where.departmentIds.length ? inArray(calendarEvents.departmentId, [...where.departmentIds]) : undefined,
          where.sectionIds.length ? inArray(calendarEvents.sectionId, [...where.sectionIds]) : undefined,
        ),
      ),
    )
    .orderBy(...ORDER);

export const findEvent = async (db: Executor, id: string): Promise<CalendarEventRow | undefined> => (await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)))[0];
export const insertEvents = async (db: Executor, list: CalendarEventValues[]): Promise<CalendarEventRow[]> => (list.length ? db.insert(calendarEvents).values(list).returning() : []);
export const updateEvent = async (db: Executor, id: string, v: Partial<CalendarEventValues>): Promise<CalendarEventRow | undefined> =>
  (await db.update(calendarEvents).set({ ...v, updatedAt: sql`now()` }).where(eq(calendarEvents.id, id)).returning())[0];
export const deleteEvent = async (db: Executor, id: string): Promise<CalendarEventRow | undefined> => (await db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning())[0];
/** Holidays already stored, as `startDate|title` keys (lower-case title), among these (the import's natural key). */
export async function existingHolidayKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const dates = [...new Set(keys.map((k) => k.slice(0, 10)))];
  const rows = await db
    .select({ startDate: calendarEvents.startDate, title: calendarEvents.title })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.kind, 'holiday'), inArray(calendarEvents.startDate, dates), isNull(calendarEvents.startMin)));
  const wanted = new Set(keys);
  return new Set(rows.map((r) => `${r.startDate}|${r.title.toLowerCase()}`).filter((k) => wanted.has(k)));
}
export const countEvents = async (db: Executor): Promise<number> => Number((await db.select({ n: sql<number>`count(*)::int` }).from(calendarEvents))[0]?.n ?? 0);

// Feeds -----------------------------------------------------------------------------------------

export const feedOfUser = async (db: Executor, userId: string): Promise<CalendarFeedRow | undefined> => (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0];
export const feedByHash = async (db: Executor, secretHash: string): Promise<CalendarFeedRow | undefined> => (await db.select().from(calendarFeeds).where(eq(calendarFeeds.secretHash, secretHash)))[0];
export type FeedValues = { id: string; userId: string; secretHash: string };
/** Makes the user's feed, or gives it a new id and secret (the old one stops working in the same statement). */
export const replaceFeed = async (db: Executor, v: FeedValues): Promise<CalendarFeedRow> =>
  (
    await db
      .insert(calendarFeeds)
      .values(v)
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { id: v.id, secretHash: v.secretHash, rotatedAt: sql`now()` } })
      .returning()
  )[0]!;
/** Makes the user's feed unless they have one; undefined when one was there. */
export const insertFeedIfNone = async (db: Executor, v: FeedValues): Promise<CalendarFeedRow | undefined> =>
  (await db.insert(calendarFeeds).values(v).onConflictDoNothing({ target: calendarFeeds.userId }).returning())[0];
export const deleteFeed = async (db: Executor, userId: string): Promise<boolean> => (await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ id: calendarFeeds.id })).length > 0;
