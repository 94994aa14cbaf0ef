import type { CsvCell } from '@crs/shared/csv';
import { assignmentLabel, hhmmOf } from '@crs/shared/schemas/academics';
import { percentOf, STATUS_LETTER } from '@crs/shared/schemas/attendance';
import type { AttendanceStatus, ClassAttendance, ClassTiming, DayClasses, SessionAnswer, StudentAttendance, SubjectAttendance, SubjectAttendanceDetail } from '@crs/shared/schemas/attendance';
import { weekdayOf } from '../../lib/time.ts';
import type { Counts, RecordRow, SessionRow } from './attendance.repository.ts';

// Attendance's answers take their shape here, with the figures they carry: attended ÷ marked as a
// percentage and whether it is under the threshold (decision 0023). "Attended" = present or late;
// "marked" = present, late or absent (excused is in neither).

/** Attended, marked and the percentage (0 while nothing is marked). */
export const figures = (c: Counts | undefined) => ({ attended: c?.attended ?? 0, marked: c?.marked ?? 0, att: percentOf(c?.attended ?? 0, c?.marked ?? 0) });
/** Under the threshold, once anything is marked. */
const below = (threshold: number, c: { att: number; marked: number }) => c.marked > 0 && c.att < threshold;
/** Figures with their flag against the threshold. */
const judged = (threshold: number, c: Counts | undefined) => {
  const n = figures(c);
  return { ...n, belowThreshold: below(threshold, n) };
};
/** Attended and marked over some statuses (null or undefined: no record). */
export function tally(statuses: Iterable<AttendanceStatus | null | undefined>): Counts {
  let attended = 0;
  let marked = 0;
  for (const s of statuses) {
    if (s === 'present' || s === 'late') attended++;
    if (s && s !== 'excused') marked++;
  }
  return { attended, marked };
}
const hhmmOrNull = (min: number | null | undefined) => (min === null || min === undefined ? null : hhmmOf(min));

/** A teaching assignment as the academics module describes it. */
export type ClassRef = { id: string; label: string; subjectCode: string; subjectName: string; section: string };
/** A course of a student's sections (academics.coursesOfStudent). */
export type CourseRef = { id: string; subjectCode: string; subjectName: string; section: string; teacher: string; credits: number };
/** The rules in force (Settings). */
export type Rules = { threshold: number; correctionDays: number };

/**
 * One class on one date: the session (if saved), the roster with each student's status and running
 * figures in this assignment. `nameOf`: who marked or saved, by user id.
 */
export function presentSession(
  a: ClassRef,
  at: { date: string; startMin: number | undefined; endMin: number | null; starts: string[]; session: SessionRow | undefined; editable: boolean },
  rules: Rules,
  roster: ReadonlyArray<{ id: string; name: string; studentId: string | null }>,
  records: readonly RecordRow[],
  perStudent: ReadonlyMap<string, Counts>,
  nameOf: (id: string | null) => string | null,
): SessionAnswer {
  const byStudent = new Map(records.map((r) => [r.studentId, r]));
  const { session } = at;
  return {
    assignmentId: a.id,
    label: a.label,
    subjectCode: a.subjectCode,
    subjectName: a.subjectName,
    section: a.section,
    date: at.date,
    start: hhmmOrNull(at.startMin),
    end: hhmmOrNull(at.endMin),
    starts: at.starts,
    extra: session?.extra ?? false,
    session: session ? { _id: session.id, savedAt: session.updatedAt.toISOString(), savedBy: nameOf(session.updatedBy) ?? 'Unknown' } : null,
    editable: at.editable,
    threshold: rules.threshold,
    correctionDays: rules.correctionDays,
    students: roster.map((s) => {
      const r = byStudent.get(s.id);
      return {
        studentId: s.id,
        name: s.name,
        rollNumber: s.studentId,
        status: r?.status ?? null,
        markedBy: r ? nameOf(r.markedBy) : null,
        markedAt: r ? r.markedAt.toISOString() : null,
        ...judged(rules.threshold, perStudent.get(s.id)),
      };
    }),
  };
}

/** A class of a day: a timetabled slot or an extra class, with its saved session if any. */
export type DayRow = { assignmentId: string; subjectCode: string; subjectName: string; section: string; startMin: number; endMin: number | null; room: string; sessionId: string | null; extra: boolean; holiday: string | null };

/** A day's classes, each with where it stands against the college clock (`timings`, in the same order). */
export function presentDay(day: { date: string; today: string; nowMin: number; editable: boolean; correctionDays: number }, rows: readonly DayRow[], timings: readonly ClassTiming[]): DayClasses {
  return {
    date: day.date,
    today: day.today,
    now: hhmmOf(day.nowMin),
    editable: day.editable,
    correctionDays: day.correctionDays,
    classes: rows.map((r, i) => ({
      assignmentId: r.assignmentId,
      label: assignmentLabel(r.subjectCode, r.section),
      subjectCode: r.subjectCode,
      subjectName: r.subjectName,
      section: r.section,
      start: hhmmOf(r.startMin),
      end: hhmmOrNull(r.endMin),
      room: r.room,
      sessionId: r.sessionId,
      extra: r.extra,
      holiday: r.holiday,
      timing: timings[i]!,
    })),
  };
}

/** One assignment in the summary: its label and figures, and the sessions taken. */
export const presentClassSummary = (a: { id: string; label: string; subjectCode: string; section: string }, t: (Counts & { sessions: number }) | undefined): ClassAttendance => ({
  class: a.label,
  ...figures(t),
  assignmentId: a.id,
  subjectCode: a.subjectCode,
  section: a.section,
  sessions: t?.sessions ?? 0,
});

const presentCourse = (c: CourseRef, threshold: number, counts: Counts | undefined): SubjectAttendance => ({
  assignmentId: c.id,
  subjectCode: c.subjectCode,
  subjectName: c.subjectName,
  section: c.section,
  teacher: c.teacher,
  credits: c.credits,
  ...judged(threshold, counts),
});

/** A student's attendance: every record pooled, and each course of their sections (marked or not). */
export function presentStudentAttendance(student: { id: string; name: string; studentId: string | null }, courses: readonly CourseRef[], mine: ReadonlyMap<string, Counts>, threshold: number): StudentAttendance {
  const overall = { attended: 0, marked: 0 };
  for (const c of mine.values()) {
    overall.attended += c.attended;
    overall.marked += c.marked;
  }
  return {
    studentId: student.id,
    name: student.name,
    rollNumber: student.studentId,
    overall: judged(threshold, overall),
    bySubject: courses.map((c) => presentCourse(c, threshold, mine.get(c.id))),
    threshold,
  };
}

/**
 * A student's sessions of one course, newest first, with the course's figures. A timetabled
 * session's end is its slot's (`endOf`, by weekday and start); an extra class carries its own.
 */
export function presentSubjectDetail(
  course: CourseRef,
  rows: ReadonlyArray<{ id: string; date: string; startMin: number; endMin: number | null; extra: boolean; status: AttendanceStatus | null }>,
  endOf: ReadonlyMap<string, number>,
  threshold: number,
): SubjectAttendanceDetail {
  return {
    ...presentCourse(course, threshold, tally(rows.map((r) => r.status))),
    threshold,
    sessions: rows.map((r) => ({
      sessionId: r.id,
      date: r.date,
      start: hhmmOf(r.startMin),
      end: hhmmOrNull(r.endMin ?? endOf.get(`${weekdayOf(r.date)}|${r.startMin}`)),
      extra: r.extra,
      status: r.status,
    })),
  };
}

/** The register's rows: a header of the sessions, then a student a row with each status's letter and their figures. */
export function registerSheet(
  sessions: ReadonlyArray<{ id: string; date: string; startMin: number; extra: boolean }>,
  records: ReadonlyArray<{ sessionId: string; studentId: string; status: AttendanceStatus }>,
  roster: ReadonlyArray<{ id: string; name: string; studentId: string | null }>,
): CsvCell[][] {
  const status = new Map(records.map((r) => [`${r.sessionId}|${r.studentId}`, r.status]));
  const header: CsvCell[] = ['Roll No', 'Name', ...sessions.map((s) => `${s.date} ${hhmmOf(s.startMin)}${s.extra ? ' (extra)' : ''}`), 'Attended', 'Marked', 'Percent'];
  const rows: CsvCell[][] = [header];
  for (const st of roster) {
    const statuses = sessions.map((s) => status.get(`${s.id}|${st.id}`));
    const { attended, marked } = tally(statuses);
    rows.push([st.studentId ?? '', st.name, ...statuses.map((v) => (v ? STATUS_LETTER[v] : '')), attended, marked, percentOf(attended, marked)]);
  }
  return rows;
}
