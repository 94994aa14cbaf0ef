import { sql } from 'drizzle-orm';
import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import { classLabel, hhmmOf, minutesOf } from '@crs/shared/schemas/academics';
import { percentOf, STATUS_LETTER } from '@crs/shared/schemas/attendance';
import type { RegisterQuery, SaveSessionInput, SessionAnswer, SessionQuery, StudentAttendance } from '@crs/shared/schemas/attendance';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { CSV_TYPE, XLSX_TYPE, xlsxOf } from '../../lib/spreadsheet.ts';
import { collegeClock, daysBetween, weekdayOf } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './attendance.repository.ts';
import { seedHistory } from './attendance.seed.ts';

// Attendance rules (issue 11 item 4, decision 0023): one session per assignment, date and start
// (saving again updates it); a Teacher only for their own assignments; no future dates; a teacher
// corrects for CRS_ATTENDANCE_CORRECTION_DAYS days, then only Admin/SuperAdmin.

const isManager = (p: Principal) => hasAnyRole(p.user.roles, ACADEMIC_MANAGERS);
const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;

/** The assignment, if the caller may take its attendance (its teacher, or a manager): 404 / 403 otherwise. */
async function ownAssignment(ctx: AppContext, p: Principal, assignmentId: string) {
  const a = await academics.getAssignment(ctx, assignmentId);
  if (!a) throw notFound(MSG.assignmentNotFound);
  if (a.teacherId !== p.user.id && !isManager(p)) throw forbidden(MSG.attendanceNotYourClass, 'NOT_YOUR_CLASS');
  return a;
}

/** Whether the caller may save on `date`: never in the future; within the window unless a manager. */
function editableOn(ctx: AppContext, p: Principal, date: string, correctionDays: number): { ok: true } | { ok: false; future: boolean } {
  const age = daysBetween(date, today(ctx));
  if (age < 0) return { ok: false, future: true };
  if (age > correctionDays && !isManager(p)) return { ok: false, future: false };
  return { ok: true };
}

const counts = (c: repo.Counts | undefined) => ({ attended: c?.attended ?? 0, marked: c?.marked ?? 0, att: percentOf(c?.attended ?? 0, c?.marked ?? 0) });
const below = (threshold: number, c: { att: number; marked: number }) => c.marked > 0 && c.att < threshold;
/** The threshold and correction window in force (Settings, decision 0033). */
const rules = async (ctx: AppContext) => {
  const s = await settings.current(ctx);
  return { threshold: s.attendanceThreshold, correctionDays: s.attendanceCorrectionDays };
};

/** The roster of one class on one date with its saved statuses and each student's running percentage. */
async function sessionAnswer(ctx: AppContext, p: Principal, a: NonNullable<Awaited<ReturnType<typeof academics.getAssignment>>>, date: string, start: string | undefined): Promise<SessionAnswer> {
  const slots = await academics.slotsOfAssignment(ctx, a.id, weekdayOf(date));
  const starts = slots.map((s) => hhmmOf(s.startMin));
  let startMin = start ? minutesOf(start) : slots[0]?.startMin;
  if (startMin === undefined) startMin = (await repo.sessionsOn(ctx.db, [a.id], date))[0]?.startMin;
  const session = startMin === undefined ? undefined : await repo.findSession(ctx.db, a.id, date, startMin);
  const [roster, records, perStudent] = await Promise.all([
    academics.sectionRoster(ctx, a.sectionId),
    session ? repo.sessionRecords(ctx.db, session.id) : Promise.resolve([]),
    repo.studentCountsOfAssignment(ctx.db, a.id),
  ]);
  const byStudent = new Map(records.map((r) => [r.studentId, r]));
  const { threshold, correctionDays } = await rules(ctx);
  const markers = await users.peopleByIds(ctx, [...records.map((r) => r.markedBy ?? ''), session?.updatedBy ?? ''].filter(Boolean));
  const nameOf = (id: string | null) => (id ? (markers.get(id)?.name ?? 'Unknown') : null);
  return {
    assignmentId: a.id,
    label: a.label,
    subjectCode: a.subjectCode,
    subjectName: a.subjectName,
    section: a.section,
    date,
    start: startMin === undefined ? null : hhmmOf(startMin),
    starts,
    session: session ? { _id: session.id, savedAt: session.updatedAt.toISOString(), savedBy: nameOf(session.updatedBy) ?? 'Unknown' } : null,
    editable: editableOn(ctx, p, date, correctionDays).ok,
    threshold,
    correctionDays,
    students: roster.map((s) => {
      const r = byStudent.get(s.id);
      const c = counts(perStudent.get(s.id));
      return {
        studentId: s.id,
        name: s.name,
        rollNumber: s.studentId,
        status: r?.status ?? null,
        markedBy: r ? nameOf(r.markedBy) : null,
        markedAt: r ? r.markedAt.toISOString() : null,
        ...c,
        belowThreshold: below(threshold, c),
      };
    }),
  };
}

/** GET /attendance/sessions: the class's roster on a date with any saved statuses (own classes only). */
export async function getSession(ctx: AppContext, p: Principal, q: SessionQuery) {
  const a = await ownAssignment(ctx, p, q.assignmentId);
  return sessionAnswer(ctx, p, a, q.date, q.start);
}

/**
 * PUT /attendance/sessions: creates or updates the one session of (assignment, date, start) and
 * its records in one transaction. 403 not the caller's class or the window has closed (teacher);
 * 400 a future date or a student not on the section's roster. Nothing is written on refusal.
 */
export async function saveSession(ctx: AppContext, p: Principal, body: SaveSessionInput) {
  const a = await ownAssignment(ctx, p, body.assignmentId);
  const { correctionDays } = await rules(ctx);
  const editable = editableOn(ctx, p, body.date, correctionDays);
  if (!editable.ok) {
    if (editable.future) throw badRequest(MSG.attendanceFutureDate, 'FUTURE_DATE', [{ path: 'date', message: MSG.attendanceFutureDate }]);
    throw forbidden(MSG.attendanceWindowClosed(correctionDays), 'CORRECTION_WINDOW_CLOSED');
  }
  const roster = new Set((await academics.sectionRoster(ctx, a.sectionId)).map((s) => s.id));
  const stranger = body.records.findIndex((r) => !roster.has(r.studentId));
  if (stranger >= 0) throw badRequest(MSG.notEnrolled, 'NOT_ENROLLED', [{ path: `records.${stranger}.studentId`, message: MSG.notEnrolled }]);
  const { created } = await ctx.db.transaction(async (tx) => {
    const s = await repo.upsertSession(tx, { assignmentId: a.id, date: body.date, startMin: minutesOf(body.start), userId: p.user.id });
    await repo.writeRecords(tx, s.id, body.records, p.user.id);
    return s;
  });
  return { message: MSG.attendanceSaved, created, ...(await sessionAnswer(ctx, p, a, body.date, body.start)) };
}

/** GET /attendance/classes: the caller's timetabled classes on a date (managers: everyone's), with saved sessions. */
export async function classesOn(ctx: AppContext, p: Principal, date: string | undefined) {
  const day = date ?? today(ctx);
  const slots = await academics.slotsOfTeacherOn(ctx, isManager(p) ? undefined : p.user.id, weekdayOf(day));
  const sessions = await repo.sessionsOn(ctx.db, [...new Set(slots.map((s) => s.assignmentId))], day);
  const saved = new Map(sessions.map((s) => [`${s.assignmentId}|${s.startMin}`, s.id]));
  const { correctionDays } = await rules(ctx);
  return {
    date: day,
    today: today(ctx),
    editable: editableOn(ctx, p, day, correctionDays).ok,
    correctionDays,
    classes: slots.map((s) => ({
      assignmentId: s.assignmentId,
      label: classLabel(s.subjectCode, s.section),
      subjectCode: s.subjectCode,
      subjectName: s.subjectName,
      section: s.section,
      start: hhmmOf(s.startMin),
      end: hhmmOf(s.endMin),
      room: s.room,
      sessionId: saved.get(`${s.assignmentId}|${s.startMin}`) ?? null,
    })),
  };
}

/**
 * GET /attendance/summary: one entry per teaching assignment of the caller (a manager: every
 * assignment, or ?teacherId's), att = attended ÷ marked; the average is the mean of the exact
 * percentages of classes with anything marked. One aggregate query over the sessions' counts.
 */
export async function summary(ctx: AppContext, p: Principal, teacherId: string | undefined) {
  if (!isManager(p) && teacherId && teacherId !== p.user.id) throw forbidden(MSG.forbidden);
  const assignments = await academics.classLabelsOf(ctx, isManager(p) ? teacherId : p.user.id);
  const totals = await repo.assignmentTotals(
    ctx.db,
    assignments.map((a) => a.id),
  );
  const byClass = assignments.map((a) => {
    const t = totals.get(a.id);
    return { class: a.label, ...counts(t), assignmentId: a.id, subjectCode: a.subjectCode, section: a.section, sessions: t?.sessions ?? 0 };
  });
  const marked = byClass.filter((c) => c.marked > 0);
  const mean = marked.length ? marked.reduce((s, c) => s + (100 * c.attended) / c.marked, 0) / marked.length : 0;
  return { byClass, averageAttendance: Math.round(mean * 10) / 10, threshold: (await rules(ctx)).threshold };
}

/** A student's attendance overall and per course of their sections. */
async function attendanceOf(ctx: AppContext, studentId: string): Promise<StudentAttendance> {
  const person = (await users.peopleByIds(ctx, [studentId])).get(studentId);
  if (!person || !person.roles.includes('Student')) throw notFound(MSG.studentNotFound);
  const [courses, mine] = await Promise.all([academics.coursesOfStudent(ctx, studentId), repo.countsOfStudent(ctx.db, studentId)]);
  let attended = 0;
  let marked = 0;
  for (const c of mine.values()) {
    attended += c.attended;
    marked += c.marked;
  }
  const overall = counts({ attended, marked });
  const { threshold } = await rules(ctx);
  return {
    studentId,
    name: person.name,
    rollNumber: person.studentId,
    overall: { ...overall, belowThreshold: below(threshold, overall) },
    bySubject: courses.map((c) => {
      const n = counts(mine.get(c.id));
      return { assignmentId: c.id, subjectCode: c.subjectCode, subjectName: c.subjectName, section: c.section, teacher: c.teacher, credits: c.credits, ...n, belowThreshold: below(threshold, n) };
    }),
    threshold,
  };
}

/** GET /attendance/me: the caller's own attendance (Student). */
export const myAttendance = (ctx: AppContext, p: Principal) => attendanceOf(ctx, p.user.id);

/** GET /attendance/students/{id} (account id or student ID): the student themself, a teacher of one of their sections, a manager; else 403. */
export async function studentAttendance(ctx: AppContext, p: Principal, ref: string) {
  const student = await users.studentReadableBy(ctx, p.user, ref, () => forbidden(hasAnyRole(p.user.roles, ['Student']) ? MSG.attendanceOwnOnly : MSG.forbidden, 'NOT_YOUR_STUDENT'));
  const allowed = p.user.id === student.id || isManager(p) || (hasAnyRole(p.user.roles, ['Teacher']) && (await academics.teachesStudent(ctx, p.user.id, student.id)));
  if (!allowed) throw forbidden(MSG.forbidden, 'NOT_YOUR_STUDENT');
  return attendanceOf(ctx, student.id);
}

/** GET /attendance/register: the class register as .xlsx or CSV (formula-looking cells made inert). */
export async function register(ctx: AppContext, p: Principal, q: RegisterQuery) {
  const a = await ownAssignment(ctx, p, q.assignmentId);
  const [{ sessions, records }, roster] = await Promise.all([repo.registerOf(ctx.db, a.id, q.from, q.to), academics.sectionRoster(ctx, a.sectionId)]);
  const status = new Map(records.map((r) => [`${r.sessionId}|${r.studentId}`, r.status]));
  const header: CsvCell[] = ['Roll No', 'Name', ...sessions.map((s) => `${s.date} ${hhmmOf(s.startMin)}`), 'Attended', 'Marked', 'Percent'];
  const rows: CsvCell[][] = [header];
  for (const st of roster) {
    let attended = 0;
    let marked = 0;
    const cells = sessions.map((s) => {
      const v = status.get(`${s.id}|${st.id}`);
      if (v === 'present' || v === 'late') attended++;
      if (v && v !== 'excused') marked++;
      return v ? STATUS_LETTER[v] : '';
    });
    rows.push([st.studentId ?? '', st.name, ...cells, attended, marked, percentOf(attended, marked)]);
  }
  const name = `attendance-${a.subjectCode}-${a.section}`.replace(/[^A-Za-z0-9-]+/g, '-');
  return q.format === 'csv'
    ? { type: CSV_TYPE, filename: `${name}.csv`, body: toCsv(rows) as string | Buffer }
    : { type: XLSX_TYPE, filename: `${name}.xlsx`, body: xlsxOf(rows, a.label.replace(/[^A-Za-z0-9 -]+/g, '-').slice(0, 31)) as string | Buffer };
}

export { seedDemoAttendance } from './attendance.seed.ts';

/** The attendance bench's data: a teacher with `sections` × `students` and `weeks` of sessions (db:seed-attendance). */
export async function seedBenchAttendance(ctx: AppContext, opts: { email: string; sections: number; students: number; weeks: number }) {
  const teacherId = await academics.seedBenchClasses(ctx, opts);
  await seedHistory(ctx, teacherId, opts.weeks);
  await academics.analyzeAcademics(ctx);
  await ctx.db.execute(sql`analyze attendance_sessions, attendance_records`);
  return teacherId;
}

// For analytics and reports (issue 14) --------------------------------------------------------

/** The attendance threshold in percent (Settings; initially CRS_ATTENDANCE_THRESHOLD). */
export const threshold = async (ctx: AppContext): Promise<number> => (await rules(ctx)).threshold;

/** Attended and marked per week (its Monday, YYYY-MM-DD) and teaching assignment, for sessions dated from..to. */
export const weeklyTotals = (ctx: AppContext, from: string, to: string) => repo.weeklyTotals(ctx.db, from, to);

/** Attended, marked and percent per student over sessions dated from..to (of some assignments only, when given). */
export async function studentTotals(ctx: AppContext, f: { from: string; to: string; assignmentIds?: string[] }) {
  const rows = await repo.studentTotals(ctx.db, f);
  const total = new Map<string, { attended: number; marked: number }>();
  const byAssignment = new Map<string, { attended: number; marked: number }>();
  for (const r of rows) {
    const t = total.get(r.studentId) ?? { attended: 0, marked: 0 };
    t.attended += r.attended;
    t.marked += r.marked;
    total.set(r.studentId, t);
    byAssignment.set(`${r.studentId}|${r.assignmentId}`, { attended: r.attended, marked: r.marked });
  }
  const withPercent = (c: { attended: number; marked: number } | undefined) => counts(c);
  return {
    of: (studentId: string) => withPercent(total.get(studentId)),
    ofAssignment: (studentId: string, assignmentId: string) => (byAssignment.has(`${studentId}|${assignmentId}`) ? withPercent(byAssignment.get(`${studentId}|${assignmentId}`)) : undefined),
    students: [...total.keys()],
  };
}
