import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AttendanceStatus } from '@crs/shared/schemas/attendance';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { attendanceRecords, attendanceSessions } from '../../db/schema/attendance.ts';

// Queries of attendance. "Attended" = present or late; "marked" = present, late or absent
// (excused is in neither); the session row carries both counts for its records.

export type SessionRow = { id: string; assignmentId: string; date: string; startMin: number; endMin: number | null; extra: boolean; updatedBy: string | null; updatedAt: Date };
const SESSION_COLUMNS = {
  id: attendanceSessions.id,
  assignmentId: attendanceSessions.assignmentId,
  date: attendanceSessions.date,
  startMin: attendanceSessions.startMin,
  endMin: attendanceSessions.endMin,
  extra: attendanceSessions.extra,
  updatedBy: attendanceSessions.updatedBy,
  updatedAt: attendanceSessions.updatedAt,
};

export const findSession = async (db: Executor, assignmentId: string, date: string, startMin: number): Promise<SessionRow | undefined> =>
  (
    await db
      .select(SESSION_COLUMNS)
      .from(attendanceSessions)
      .where(and(eq(attendanceSessions.assignmentId, assignmentId), eq(attendanceSessions.date, date), eq(attendanceSessions.startMin, startMin)))
  )[0];

/** The sessions of these assignments on one date, by start. */
export const sessionsOn = (db: Executor, assignmentIds: string[], date: string): Promise<SessionRow[]> =>
  assignmentIds.length
    ? db
        .select(SESSION_COLUMNS)
        .from(attendanceSessions)
        .where(and(inArray(attendanceSessions.assignmentId, assignmentIds), eq(attendanceSessions.date, date)))
        .orderBy(asc(attendanceSessions.startMin))
    : Promise.resolve([]);

/**
 * Creates the session of (assignment, date, start) or, when it exists, marks it updated: one row
 * ever per key, also under concurrent saves (the unique key decides). `created` tells which. Whether
 * it is an extra class, and its end, are set when it is created and kept by later saves.
 */
export async function upsertSession(tx: Executor, v: { assignmentId: string; date: string; startMin: number; userId: string; extra: boolean; endMin: number | null }) {
  const [row] = await queryRows<{ id: string; created: boolean; extra: boolean }>(
    tx,
    sql`insert into attendance_sessions (assignment_id, date, start_min, extra, end_min, created_by, updated_by)
        values (${v.assignmentId}, ${v.date}, ${v.startMin}, ${v.extra}, ${v.endMin}, ${v.userId}, ${v.userId})
        on conflict (assignment_id, date, start_min) do update set updated_by = excluded.updated_by, updated_at = now()
        returning id, (xmax = 0) as created, extra`,
  );
  return row!;
}

/**
 * Writes the statuses; a record whose status changes (or is new) records who marked it and when,
 * an unchanged one keeps its marker. Then the session's counts are rewritten from its records.
 */
export async function writeRecords(tx: Executor, sessionId: string, records: ReadonlyArray<{ studentId: string; status: AttendanceStatus }>, userId: string) {
  for (let i = 0; i < records.length; i += 500) {
    await tx
      .insert(attendanceRecords)
      .values(records.slice(i, i + 500).map((r) => ({ sessionId, studentId: r.studentId, status: r.status, markedBy: userId })))
      .onConflictDoUpdate({
        target: [attendanceRecords.sessionId, attendanceRecords.studentId],
        set: { status: sql`excluded.status`, markedBy: sql`excluded.marked_by`, markedAt: sql`now()` },
        setWhere: sql`${attendanceRecords.status} is distinct from excluded.status`,
      });
  }
  await tx.execute(sql`
    update attendance_sessions s set
      attended = c.attended, marked = c.marked, excused = c.excused
    from (
      select count(*) filter (where status in ('present', 'late'))::int as attended,
             count(*) filter (where status in ('present', 'late', 'absent'))::int as marked,
             count(*) filter (where status = 'excused')::int as excused
      from attendance_records where session_id = ${sessionId}
    ) c
    where s.id = ${sessionId}`);
}

export type RecordRow = { studentId: string; status: AttendanceStatus; markedBy: string | null; markedAt: Date };
export const sessionRecords = (db: Executor, sessionId: string): Promise<RecordRow[]> =>
  db
    .select({ studentId: attendanceRecords.studentId, status: attendanceRecords.status, markedBy: attendanceRecords.markedBy, markedAt: attendanceRecords.markedAt })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.sessionId, sessionId));

export type Counts = { attended: number; marked: number };

const attendedSum = sql<number>`(count(*) filter (where ${attendanceRecords.status} in ('present', 'late')))::int`;
const markedSum = sql<number>`(count(*) filter (where ${attendanceRecords.status} <> 'excused'))::int`;

/** Attended/marked of the records `where` selects, by `key` (a record's student, or its session's assignment). */
async function countsBy(db: Executor, key: typeof attendanceRecords.studentId | typeof attendanceSessions.assignmentId, where: SQL | undefined): Promise<Map<string, Counts>> {
  const rows = await db
    .select({ key, attended: attendedSum, marked: markedSum })
    .from(attendanceRecords)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceRecords.sessionId))
    .where(where)
    .groupBy(key);
  return new Map(rows.map((r) => [r.key, { attended: r.attended, marked: r.marked }]));
}

/** Each student's attended/marked over every session of one assignment. */
export const studentCountsOfAssignment = (db: Executor, assignmentId: string) => countsBy(db, attendanceRecords.studentId, eq(attendanceSessions.assignmentId, assignmentId));

/**
 * The summary's one aggregate: per assignment, sessions taken and the sums of the sessions'
 * counts — one index range per assignment on attendance_sessions_key, no record read.
 */
const preparedTotals = new WeakMap<object, ReturnType<typeof prepareTotals>>();
const prepareTotals = (db: Executor) =>
  db
    .select({
      assignmentId: attendanceSessions.assignmentId,
      sessions: sql<number>`count(*)::int`,
      attended: sql<number>`coalesce(sum(${attendanceSessions.attended}), 0)::int`,
      marked: sql<number>`coalesce(sum(${attendanceSessions.marked}), 0)::int`,
    })
    .from(attendanceSessions)
    .where(sql`${attendanceSessions.assignmentId} = any(${sql.placeholder('ids')}::uuid[])`)
    .groupBy(attendanceSessions.assignmentId)
    .prepare('attendance_assignment_totals');
export async function assignmentTotals(db: Executor, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return new Map<string, Counts & { sessions: number }>();
  let q = preparedTotals.get(db);
  if (!q) preparedTotals.set(db, (q = prepareTotals(db)));
  const rows = await q.execute({ ids: assignmentIds });
  return new Map(rows.map((r) => [r.assignmentId, { sessions: r.sessions, attended: r.attended, marked: r.marked }]));
}

/** Each student's attended/marked over every session of the assignments (the rollover's attendance). */
export const studentCountsOfAssignments = (db: Executor, assignmentIds: readonly string[]) =>
  assignmentIds.length === 0 ? Promise.resolve(new Map<string, Counts>()) : countsBy(db, attendanceRecords.studentId, inArray(attendanceSessions.assignmentId, [...assignmentIds]));

/** One student's attended/marked per assignment (their records only). */
export const countsOfStudent = (db: Executor, studentId: string) => countsBy(db, attendanceSessions.assignmentId, eq(attendanceRecords.studentId, studentId));

/**
 * Every session of one assignment, newest first, with one student's status in each (null where
 * they have no record: not marked, or not on the roster then).
 */
export const sessionsWithStatusOf = (db: Executor, assignmentId: string, studentId: string) =>
  db
    .select({ id: attendanceSessions.id, date: attendanceSessions.date, startMin: attendanceSessions.startMin, endMin: attendanceSessions.endMin, extra: attendanceSessions.extra, status: attendanceRecords.status })
    .from(attendanceSessions)
    .leftJoin(attendanceRecords, and(eq(attendanceRecords.sessionId, attendanceSessions.id), eq(attendanceRecords.studentId, studentId)))
    .where(eq(attendanceSessions.assignmentId, assignmentId))
    .orderBy(desc(attendanceSessions.date), desc(attendanceSessions.startMin));

/** The sessions of one assignment in a date range, by date and start, with every record. */
export async function registerOf(db: Executor, assignmentId: string, from: string | undefined, to: string | undefined) {
  const conds = [eq(attendanceSessions.assignmentId, assignmentId)];
  if (from) conds.push(gte(attendanceSessions.date, from));
  if (to) conds.push(lte(attendanceSessions.date, to));
  const sessions = await db
    .select({ id: attendanceSessions.id, date: attendanceSessions.date, startMin: attendanceSessions.startMin, extra: attendanceSessions.extra })
    .from(attendanceSessions)
    .where(and(...conds))
    .orderBy(asc(attendanceSessions.date), asc(attendanceSessions.startMin));
  const records = sessions.length
    ? await db
        .select({ sessionId: attendanceRecords.sessionId, studentId: attendanceRecords.studentId, status: attendanceRecords.status })
        .from(attendanceRecords)
        .where(inArray(attendanceRecords.sessionId, sessions.map((s) => s.id)))
    : [];
  return { sessions, records };
}

/**
 * Inserts finished sessions with their records in bulk (demo seed, bench): two statements per
 * call over json_to_recordset (one parameter each; drizzle's per-value parameters are several
 * times slower at tens of thousands of rows). Counts are computed here.
 */
export async function insertSeedSessions(
  tx: Executor,
  list: Array<{ assignmentId: string; date: string; startMin: number; userId: string; records: Array<{ studentId: string; status: AttendanceStatus }>; markedAt: Date }>,
) {
  if (list.length === 0) return;
  const sessions = list.map((s) => {
    const attended = s.records.filter((r) => r.status === 'present' || r.status === 'late').length;
    const marked = s.records.filter((r) => r.status !== 'excused').length;
    return { a: s.assignmentId, d: s.date, m: s.startMin, at: attended, mk: marked, ex: s.records.length - marked, u: s.userId, t: s.markedAt.toISOString() };
  });
  const ids = await queryRows<{ id: string; k: string }>(
    tx,
    sql`insert into attendance_sessions (assignment_id, date, start_min, attended, marked, excused, created_by, updated_by, created_at, updated_at)
        select a, d, m, at, mk, ex, u, u, t, t from json_to_recordset(${JSON.stringify(sessions)}::json)
          as x(a uuid, d date, m int, at int, mk int, ex int, u uuid, t timestamptz)
        returning id, assignment_id || '|' || date || '|' || start_min as k`,
  );
  const idOf = new Map(ids.map((r) => [r.k, r.id]));
  const rows = list.flatMap((s) => s.records.map((r) => ({ s: idOf.get(`${s.assignmentId}|${s.date}|${s.startMin}`)!, st: r.studentId, v: r.status, u: s.userId, t: s.markedAt.toISOString() })));
  await tx.execute(
    sql`insert into attendance_records (session_id, student_id, status, marked_by, marked_at)
        select s, st, v, u, t from json_to_recordset(${JSON.stringify(rows)}::json) as x(s uuid, st uuid, v text, u uuid, t timestamptz)`,
  );
}

// Analytics and reports (issue 14) ------------------------------------------------------------

const inRange = (from: string, to: string) => and(gte(attendanceSessions.date, from), lte(attendanceSessions.date, to));
/** Attended and marked per ISO week (its Monday) and assignment, from the sessions' counts, for sessions dated from..to. */
export const weeklyTotals = (db: Executor, from: string, to: string) =>
  db
    .select({
      week: sql<string>`to_char(date_trunc('week', ${attendanceSessions.date}::timestamp), 'YYYY-MM-DD')`.as('week'),
      assignmentId: attendanceSessions.assignmentId,
      attended: sql<number>`sum(${attendanceSessions.attended})::int`,
      marked: sql<number>`sum(${attendanceSessions.marked})::int`,
    })
    .from(attendanceSessions)
    .where(inRange(from, to))
    .groupBy(sql`1`, attendanceSessions.assignmentId);

/** Attended and marked per student (and per assignment when `byAssignment`) over sessions dated from..to, optionally of some assignments. */
export function studentTotals(db: Executor, f: { from: string; to: string; assignmentIds?: string[] }) {
  const where = f.assignmentIds ? and(inRange(f.from, f.to), f.assignmentIds.length ? inArray(attendanceSessions.assignmentId, f.assignmentIds) : sql`false`) : inRange(f.from, f.to);
  return db
    .select({ studentId: attendanceRecords.studentId, assignmentId: attendanceSessions.assignmentId, attended: attendedSum, marked: markedSum })
    .from(attendanceRecords)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceRecords.sessionId))
    .where(where)
    .groupBy(attendanceRecords.studentId, attendanceSessions.assignmentId);
}

/** Fresh planner statistics of the attendance tables (after a bulk seed). */
export const analyze = (db: Executor) => db.execute(sql`analyze attendance_sessions, attendance_records`);

/** Who was marked absent on `date`, in which class (assignment and start), by start time: the guardians' absence alerts (issue 30). */
export const absencesOn = (db: Executor, date: string) =>
  db
    .select({ studentId: attendanceRecords.studentId, assignmentId: attendanceSessions.assignmentId, startMin: attendanceSessions.startMin })
    .from(attendanceRecords)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceRecords.sessionId))
    .where(and(eq(attendanceSessions.date, date), eq(attendanceRecords.status, 'absent')))
    .orderBy(asc(attendanceSessions.startMin));
