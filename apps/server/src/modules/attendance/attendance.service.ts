import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import { hhmmOf, minutesOf } from '@crs/shared/schemas/academics';
import type { AttendanceStatus, ClassTiming, DayClasses, RegisterQuery, SaveSessionInput, SessionAnswer, SessionQuery, StudentAttendance, SubjectAttendanceDetail } from '@crs/shared/schemas/attendance';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sheetDownload } from '../../lib/spreadsheet.ts';
import { collegeClock, daysBetween, weekdayOf } from '../../lib/time.ts';
import { inSlices } from '../../lib/yield.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as calendar from '../calendar/calendar.read.ts';
import * as settings from '../settings/settings.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import { figures, presentClassSummary, presentDay, presentSession, presentStudentAttendance, presentSubjectDetail, registerSheet } from './attendance.presenter.ts';
import type { DayRow } from './attendance.presenter.ts';
import * as repo from './attendance.repository.ts';
import { seedHistory } from './attendance.seed.ts';

// Attendance rules (issue 11 item 4, decision 0023): one session per assignment, date and start
// (saving again updates it); a Teacher only for their own assignments; no future dates; a teacher
// corrects for CRS_ATTENDANCE_CORRECTION_DAYS days, then only Admin/SuperAdmin. Issue 25: a new
// session is a timetabled class of its date or a declared extra class (then listed with the day's
// classes); every save and correction is in the audit log.

const isManager = (p: Principal) => hasAnyRole(p.user.roles, ACADEMIC_MANAGERS);
const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;

/** The assignment, if the caller may take its attendance (its teacher, or a manager): 404 / 403 otherwise. */
async function ownAssignment(ctx: AppContext, p: Principal, assignmentId: string) {
  const a = await academics.findAssignment(ctx, assignmentId);
  if (!a) throw notFound(MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND');
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

/** The threshold and correction window in force (Settings, decision 0033). */
const rules = async (ctx: AppContext) => {
  const s = await settings.current(ctx);
  return { threshold: s.attendanceThreshold, correctionDays: s.attendanceCorrectionDays };
};

/** The roster of one class on one date with its saved statuses and each student's running percentage. */
async function sessionAnswer(ctx: AppContext, p: Principal, a: NonNullable<Awaited<ReturnType<typeof academics.findAssignment>>>, date: string, start: string | undefined): Promise<SessionAnswer> {
  const slots = await academics.slotsOfAssignment(ctx, a.id, weekdayOf(date));
  const starts = slots.map((s) => hhmmOf(s.startMin));
  let startMin = start ? minutesOf(start) : slots[0]?.startMin;
  if (startMin === undefined) startMin = (await repo.sessionsOn(ctx.db, [a.id], date))[0]?.startMin;
  const session = startMin === undefined ? undefined : await repo.findSession(ctx.db, a.id, date, startMin);
  const slot = slots.find((x) => x.startMin === startMin);
  const endMin = slot?.endMin ?? session?.endMin ?? null;
  const [roster, records, perStudent] = await Promise.all([
    academics.sectionRoster(ctx, a.sectionId),
    session ? repo.sessionRecords(ctx.db, session.id) : Promise.resolve([]),
    repo.studentCountsOfAssignment(ctx.db, a.id),
  ]);
  const inForce = await rules(ctx);
  const markers = await users.usersByIds(ctx, [...records.map((r) => r.markedBy ?? ''), session?.updatedBy ?? ''].filter(Boolean));
  const nameOf = (id: string | null) => (id ? (markers.get(id)?.name ?? 'Unknown') : null);
  const at = { date, startMin, endMin, starts, session, editable: editableOn(ctx, p, date, inForce.correctionDays).ok };
  return presentSession(a, at, inForce, roster, records, perStudent, nameOf);
}

/** GET /attendance/sessions: the class's roster on a date with any saved statuses (own classes only). */
export async function getSession(ctx: AppContext, p: Principal, q: SessionQuery) {
  const a = await ownAssignment(ctx, p, q.assignmentId);
  return sessionAnswer(ctx, p, a, q.date, q.start);
}

/** Why no regular class is held on `date` for the section: outside every term, or a holiday (calendar); undefined on a class day. */
async function dayOffOf(ctx: AppContext, date: string, sectionId: string): Promise<{ code: string; message: string } | undefined> {
  if (await calendar.outsideTerms(ctx, date)) return { code: 'SESSION_OUTSIDE_TERM', message: MSG.sessionOutsideTerm };
  const holiday = await calendar.holidayOn(ctx, date, sectionId);
  return holiday ? { code: 'SESSION_ON_HOLIDAY', message: MSG.sessionOnHoliday(holiday.title) } : undefined;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const rollAndName = (s: { name: string; studentId: string | null }) => (s.studentId ? `${s.studentId} ${s.name}` : s.name);

/**
 * PUT /attendance/sessions: creates or updates the one session of (assignment, date, start) and
 * its records in one transaction, with its audit entry (`attendance.saved` for a new session,
 * `attendance.corrected` with each changed status's before and after). 403 not the caller's class
 * or the window has closed (teacher); 400 a future date or a student not on the section's roster;
 * 409 a new session that is neither a timetabled class of that date nor declared extra. Nothing is
 * written on refusal.
 */
export async function saveSession(ctx: AppContext, p: Principal, body: SaveSessionInput) {
  const a = await ownAssignment(ctx, p, body.assignmentId);
  const { correctionDays } = await rules(ctx);
  const editable = editableOn(ctx, p, body.date, correctionDays);
  if (!editable.ok) {
    if (editable.future) throw badRequest(MSG.attendanceFutureDate, 'FUTURE_DATE', [{ path: 'date', message: MSG.attendanceFutureDate }]);
    throw forbidden(MSG.attendanceWindowClosed(correctionDays), 'CORRECTION_WINDOW_CLOSED');
  }
  const rosterList = await academics.sectionRoster(ctx, a.sectionId);
  const roster = new Map(rosterList.map((s) => [s.id, s]));
  const stranger = body.records.findIndex((r) => !roster.has(r.studentId));
  if (stranger >= 0) throw badRequest(MSG.notEnrolled, 'NOT_ENROLLED', [{ path: `records.${stranger}.studentId`, message: MSG.notEnrolled }]);
  const startMin = minutesOf(body.start);
  const slot = (await academics.slotsOfAssignment(ctx, a.id, weekdayOf(body.date))).find((s) => s.startMin === startMin);
  const stored = await repo.findSession(ctx.db, a.id, body.date, startMin);
  // Issue 27: no regular class is held on a holiday of the section or outside the terms; only a
  // declared extra class is recorded then (a session saved before the holiday stays correctable).
  const dayOff = stored ? undefined : await dayOffOf(ctx, body.date, a.sectionId);
  if (dayOff && body.extra !== true) throw conflict(dayOff.message, dayOff.code);
  // Otherwise a timetabled class of that date wins over a declaration: it is then not extra.
  const timetabled = slot !== undefined && !dayOff;
  const extra = !timetabled && body.extra === true;
  if (!timetabled && !extra && !stored) {
    throw conflict(MSG.attendanceNotInTimetable(a.label, WEEKDAYS[weekdayOf(body.date) - 1]!, body.start), 'NOT_IN_TIMETABLE');
  }
  const { created } = await ctx.db.transaction(async (tx) => {
    const s = await repo.upsertSession(tx, { assignmentId: a.id, date: body.date, startMin, userId: p.user.id, extra, endMin: extra ? (body.end ? minutesOf(body.end) : (slot?.endMin ?? null)) : null });
    const before = s.created ? new Map<string, AttendanceStatus>() : new Map((await repo.sessionRecords(tx, s.id)).map((r) => [r.studentId, r.status]));
    await repo.writeRecords(tx, s.id, body.records, p.user.id);
    const target = { type: 'attendance_session', id: s.id, label: `${a.label}, ${body.date} ${body.start}` };
    const where = { assignmentId: a.id, class: a.label, date: body.date, start: body.start, extra: s.extra };
    if (s.created) {
      const statuses: Partial<Record<AttendanceStatus, number>> = {};
      for (const r of body.records) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await audit.record(ctx, p, { action: 'attendance.saved', target, details: { ...where, records: body.records.length, statuses } }, tx);
    } else {
      const changed = body.records.filter((r) => before.get(r.studentId) !== r.status);
      if (changed.length > 0) {
        const changes = Object.fromEntries(changed.map((r) => [rollAndName(roster.get(r.studentId)!), { from: before.get(r.studentId) ?? null, to: r.status }]));
        await audit.record(ctx, p, { action: 'attendance.corrected', target, changes, details: { ...where, records: changed.length } }, tx);
      }
    }
    return s;
  });
  return { message: MSG.attendanceSaved, created, ...(await sessionAnswer(ctx, p, a, body.date, body.start)) };
}

/** Where each class stands on `date` against the college clock (see CLASS_TIMINGS); a class not held (a holiday) is never running nor next. */
function timingsOf(classes: ReadonlyArray<{ startMin: number; endMin: number | null; holiday: string | null }>, date: string, clock: { date: string; minutes: number }): ClassTiming[] {
  if (date < clock.date) return classes.map(() => 'done');
  if (date > clock.date) return classes.map(() => 'later');
  // An extra class saved without an end is taken to last an hour, for this only.
  const timings: ClassTiming[] = classes.map((c) => ((c.endMin ?? c.startMin + 60) <= clock.minutes ? 'done' : c.startMin <= clock.minutes && !c.holiday ? 'now' : 'later'));
  const next = timings.findIndex((t, i) => t === 'later' && !classes[i]!.holiday);
  if (next >= 0) timings[next] = 'next';
  return timings;
}

/**
 * The classes of one teacher (undefined: everyone's) on a date: the timetabled slots of its weekday
 * and the extra classes saved that day, by start, each with its saved session and timing; a
 * timetabled class on its section's holiday carries the holiday (not held, as saveSession's 409 says).
 */
async function dayOf(ctx: AppContext, p: Principal, teacherId: string | undefined, day: string): Promise<DayClasses> {
  const clock = collegeClock(ctx.config.timeZone);
  const [slots, taught] = await Promise.all([academics.slotsOfTeacherOn(ctx, teacherId, weekdayOf(day)), teacherId ? academics.assignmentsOfTeacher(ctx, teacherId) : academics.allAssignments(ctx)]);
  const sessions = await repo.sessionsOn(
    ctx.db,
    taught.map((t) => t.id),
    day,
  );
  const saved = new Map(sessions.map((s) => [`${s.assignmentId}|${s.startMin}`, s]));
  const byId = new Map(taught.map((t) => [t.id, t]));
  // Issue 27: a timetabled class of a section on holiday is not held (unless a session was saved).
  const holidays = await calendar.holidaysOfSectionsOn(ctx, day, [...new Set(slots.map((s) => s.sectionId))]);
  const rows: DayRow[] = [
    ...slots.map((s) => ({
      assignmentId: s.assignmentId,
      subjectCode: s.subjectCode,
      subjectName: s.subjectName,
      section: s.section,
      startMin: s.startMin,
      endMin: s.endMin as number | null,
      room: s.room,
      sessionId: saved.get(`${s.assignmentId}|${s.startMin}`)?.id ?? null,
      extra: saved.get(`${s.assignmentId}|${s.startMin}`)?.extra ?? false,
      holiday: saved.has(`${s.assignmentId}|${s.startMin}`) ? null : (holidays.get(s.sectionId)?.title ?? null),
    })),
    // Saved sessions no slot of the day accounts for: extra classes (and any class whose slot has moved since).
    ...sessions
      .filter((s) => !slots.some((x) => x.assignmentId === s.assignmentId && x.startMin === s.startMin) && byId.has(s.assignmentId))
      .map((s) => {
        const t = byId.get(s.assignmentId)!;
        return { assignmentId: s.assignmentId, subjectCode: t.subjectCode, subjectName: t.subjectName, section: t.section, startMin: s.startMin, endMin: s.endMin, room: '', sessionId: s.id, extra: true, holiday: null };
      }),
  ].sort((x, y) => x.startMin - y.startMin || x.section.localeCompare(y.section));
  const timings = timingsOf(rows, day, clock);
  const { correctionDays } = await rules(ctx);
  return presentDay({ date: day, today: clock.date, nowMin: clock.minutes, editable: editableOn(ctx, p, day, correctionDays).ok, correctionDays }, rows, timings);
}

/** GET /attendance/classes: the caller's classes on a date (managers: everyone's), timetabled and extra, with saved sessions. */
export const classesOn = (ctx: AppContext, p: Principal, date: string | undefined) => dayOf(ctx, p, isManager(p) ? undefined : p.user.id, date ?? today(ctx));

/** GET /attendance/today: the caller's own whole day (whatever their role), done, running, next and later, with attendance taken or not. */
export const myDay = (ctx: AppContext, p: Principal) => dayOf(ctx, p, p.user.id, today(ctx));

/**
 * GET /attendance/summary: one entry per teaching assignment of the caller (a manager: every
 * assignment, or ?teacherId's), att = attended ÷ marked; the average is the mean of the exact
 * percentages of classes with anything marked. One aggregate query over the sessions' counts.
 */
export async function summary(ctx: AppContext, p: Principal, teacherId: string | undefined) {
  if (!isManager(p) && teacherId && teacherId !== p.user.id) throw forbidden(MSG.forbidden);
  const assignments = await academics.assignmentLabelsOf(ctx, isManager(p) ? teacherId : p.user.id);
  const totals = await repo.assignmentTotals(
    ctx.db,
    assignments.map((a) => a.id),
  );
  const byClass = assignments.map((a) => presentClassSummary(a, totals.get(a.id)));
  const marked = byClass.filter((c) => c.marked > 0);
  const mean = marked.length ? marked.reduce((s, c) => s + (100 * c.attended) / c.marked, 0) / marked.length : 0;
  return { byClass, averageAttendance: Math.round(mean * 10) / 10, threshold: (await rules(ctx)).threshold };
}

/** A student's attendance overall and per teaching assignment of their sections. */
async function attendanceOf(ctx: AppContext, studentId: string): Promise<StudentAttendance> {
  const person = (await users.usersByIds(ctx, [studentId])).get(studentId);
  if (!person || !person.roles.includes('Student')) throw notFound(MSG.studentNotFound, 'STUDENT_NOT_FOUND');
  const [assignments, mine] = await Promise.all([academics.assignmentsOfStudent(ctx, studentId), repo.countsOfStudent(ctx.db, studentId)]);
  return presentStudentAttendance({ id: studentId, name: person.name, studentId: person.studentId }, assignments, mine, (await rules(ctx)).threshold);
}

/** GET /attendance/me: the caller's own attendance (Student). */
export const myAttendance = (ctx: AppContext, p: Principal) => attendanceOf(ctx, p.user.id);

/** The student `ref` names (account id or student ID) when the caller may read them: the student themself, a teacher of one of their sections, a manager; else 403. */
async function readableStudent(ctx: AppContext, p: Principal, ref: string): Promise<string> {
  const refuse = () => forbidden(hasAnyRole(p.user.roles, ['Student']) ? MSG.attendanceOwnOnly : MSG.forbidden, 'NOT_YOUR_STUDENT');
  const student = await guardians.childReadableBy(ctx, p.user, ref, refuse);
  const allowed =
    p.user.id === student.id ||
    isManager(p) ||
    (hasAnyRole(p.user.roles, ['Teacher']) && (await academics.teachesStudent(ctx, p.user.id, student.id))) ||
    (hasAnyRole(p.user.roles, ['Guardian']) && (await guardians.isGuardianOf(ctx, p.user.id, student.id)));
  if (!allowed) throw refuse();
  return student.id;
}

/** GET /attendance/students/{id} (account id or student ID): the student themself, a teacher of one of their sections, a manager; else 403. */
export async function studentAttendance(ctx: AppContext, p: Principal, ref: string) {
  return attendanceOf(ctx, await readableStudent(ctx, p, ref));
}

/** A student's attendance in one of their courses with every session held, newest first; 404 when it is not their course. */
async function subjectDetailOf(ctx: AppContext, studentId: string, assignmentId: string): Promise<SubjectAttendanceDetail> {
  const person = (await users.usersByIds(ctx, [studentId])).get(studentId);
  if (!person || !person.roles.includes('Student')) throw notFound(MSG.studentNotFound, 'STUDENT_NOT_FOUND');
  const assignment = (await academics.assignmentsOfStudent(ctx, studentId)).find((c) => c.id === assignmentId);
  if (!assignment) throw notFound(MSG.attendanceCourseNotFound, 'COURSE_NOT_FOUND');
  const [rows, slots, { threshold }] = await Promise.all([repo.sessionsWithStatusOf(ctx.db, assignmentId, studentId), academics.slotsOfAssignment(ctx, assignmentId, undefined), rules(ctx)]);
  // A timetabled session's end is its slot's (weekday and start); an extra class carries its own.
  const endOf = new Map(slots.map((s) => [`${s.weekday}|${s.startMin}`, s.endMin]));
  return presentSubjectDetail(assignment, rows, endOf, threshold);
}

/** GET /attendance/me/subjects/{assignmentId}: the caller's sessions of one course (Student); 404 not their course. */
export const mySubjectAttendance = (ctx: AppContext, p: Principal, assignmentId: string) => subjectDetailOf(ctx, p.user.id, assignmentId);

/** GET /attendance/students/{id}/subjects/{assignmentId}: as studentAttendance's access rule, then 404 not the student's course. */
export async function studentSubjectAttendance(ctx: AppContext, p: Principal, ref: string, assignmentId: string) {
  return subjectDetailOf(ctx, await readableStudent(ctx, p, ref), assignmentId);
}

/** GET /attendance/register: the class register as .xlsx or CSV (formula-looking cells made inert). */
export async function register(ctx: AppContext, p: Principal, q: RegisterQuery) {
  const a = await ownAssignment(ctx, p, q.assignmentId);
  const [{ sessions, records }, roster] = await Promise.all([repo.registerOf(ctx.db, a.id, q.from, q.to), academics.sectionRoster(ctx, a.sectionId)]);
  const rows = registerSheet(sessions, records, roster);
  const name = `attendance-${a.subjectCode}-${a.section}`.replace(/[^A-Za-z0-9-]+/g, '-');
  return sheetDownload(q.format, name, rows, a.label.replace(/[^A-Za-z0-9 -]+/g, '-').slice(0, 31));
}

export { seedDemoAttendance } from './attendance.seed.ts';

/** The attendance bench's sessions (db:seed-attendance): `weeks` of history for the bench teacher's teaching assignments (academics' seedBenchAssignments). */
export async function seedBenchAttendance(ctx: AppContext, teacherId: string, weeks: number) {
  await seedHistory(ctx, teacherId, weeks);
  await repo.analyze(ctx.db);
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
  return {
    of: (studentId: string) => figures(total.get(studentId)),
    ofAssignment: (studentId: string, assignmentId: string) => (byAssignment.has(`${studentId}|${assignmentId}`) ? figures(byAssignment.get(`${studentId}|${assignmentId}`)) : undefined),
    students: [...total.keys()],
  };
}

/**
 * Each student's attendance percent over every session of the assignments (a term's classes; the
 * semester rollover's hold-back rule); a student with nothing marked is absent from the map.
 * Counted a few assignments per statement, the event loop running between (a college's term is
 * seconds of work on the embedded database, lib/yield.ts); the counts add up to the whole.
 */
export async function percentsOf(ctx: AppContext, assignmentIds: readonly string[], tx: Executor = ctx.db): Promise<Map<string, number>> {
  const total = new Map<string, repo.Counts>();
  for (const counts of await inSlices(assignmentIds, 12, (ids) => repo.studentCountsOfAssignments(tx, ids))) {
    for (const [studentId, c] of counts) {
      const t = total.get(studentId) ?? { attended: 0, marked: 0 };
      total.set(studentId, { attended: t.attended + c.attended, marked: t.marked + c.marked });
    }
  }
  const out = new Map<string, number>();
  for (const [studentId, c] of total) if (c.marked > 0) out.set(studentId, Math.round((c.attended / c.marked) * 1000) / 10);
  return out;
}

/**
 * The classes each student was marked absent in on `date` (college-local), by start time, each as
 * "Subject (09:00)": the guardians' absence alerts (issue 30 item 4). Students without one are left out.
 */
export async function absencesOn(ctx: AppContext, date: string): Promise<Map<string, string[]>> {
  const rows = await repo.absencesOn(ctx.db, date);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.assignmentId))) names.set(id, (await academics.findAssignment(ctx, id))?.subjectName ?? '');
  const byStudent = new Map<string, string[]>();
  for (const r of rows) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), `${names.get(r.assignmentId)} (${hhmmOf(r.startMin)})`]);
  return byStudent;
}
