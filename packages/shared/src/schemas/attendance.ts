import { z } from 'zod';
import { MSG } from '../messages.ts';
import { dateField, timeField } from './academics.ts';
import { studentRefParams } from './common.ts';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../constants/attendance.ts';

/**
 * Attendance (issue 11 item 4): one session per teaching assignment, date and start; one record
 * per enrolled student and session. Counting rule (decision 0023, as Indian colleges count):
 * present and late count as attended, absent does not, excused leaves the denominator —
 * att = (present + late) ÷ (present + late + absent), in percent with one decimal.
 */

export { ATTENDANCE_STATUSES, type AttendanceStatus } from '../constants/attendance.ts';
/** Statuses that count as attended. */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late'];
/** Statuses that count in the denominator ("marked"). Excused is neither. */
export const MARKED_STATUSES: readonly AttendanceStatus[] = ['present', 'late', 'absent'];
/** Defaults of the server's CRS_ATTENDANCE_THRESHOLD and CRS_ATTENDANCE_CORRECTION_DAYS. */
export const DEFAULT_ATTENDANCE_THRESHOLD = 75;
export const DEFAULT_CORRECTION_DAYS = 7;

/** A percentage with one decimal (87.5), or 0 when nothing is marked. */
export const percentOf = (attended: number, marked: number) => (marked === 0 ? 0 : Math.round((1000 * attended) / marked) / 10);

/** The counts behind a percentage. */
const countsShape = {
  /** Percent, one decimal; 0 when `marked` is 0. */
  att: z.number(),
  /** Present + late. */
  attended: z.number().int(),
  /** Present + late + absent (excused not counted). */
  marked: z.number().int(),
};

// ---------------------------------------------------------------------------------------------
// GET /attendance/summary

/**
 * One teaching assignment of the caller (a Teacher: their own; Admin/SuperAdmin: every assignment,
 * or one teacher's with ?teacherId=). `class` is "CS301 · CSE-3A".
 */
export const classAttendanceSchema = z.object({
  class: z.string(),
  ...countsShape,
  assignmentId: z.string(),
  subjectCode: z.string(),
  section: z.string(),
  /** Sessions taken so far. */
  sessions: z.number().int(),
});
export type ClassAttendance = z.infer<typeof classAttendanceSchema>;
/**
 * Spec: `{byClass: [{class, att}], averageAttendance}`. averageAttendance is the mean of the
 * classes' exact percentages over classes with anything marked, rounded to one decimal (0 if none).
 */
export const attendanceSummaryResponse = z.object({
  byClass: z.array(classAttendanceSchema),
  averageAttendance: z.number(),
  threshold: z.number(),
});
export type AttendanceSummary = z.infer<typeof attendanceSummaryResponse>;
export const attendanceSummaryQuery = z.strictObject({ teacherId: z.uuid(MSG.teacherNotFound).optional() });

// ---------------------------------------------------------------------------------------------
// GET /attendance/classes?date= — the caller's classes on a date (the attendance page's picker)

/**
 * Where a class of the day stands against the college's clock: `done` (ended), `now` (running),
 * `next` (the first one still ahead), `later`. On a past date every class is done; on a future
 * one every class is later.
 */
export const CLASS_TIMINGS = ['done', 'now', 'next', 'later'] as const;
export type ClassTiming = (typeof CLASS_TIMINGS)[number];

export const dayClassSchema = z.object({
  assignmentId: z.string(),
  label: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  section: z.string(),
  start: z.string(),
  /** The end "HH:MM"; null only for an extra class saved before ends were recorded. */
  end: z.string().nullable(),
  /** The timetable's room; empty for an extra class. */
  room: z.string(),
  /** The saved session of this class at this start, if any. */
  sessionId: z.string().nullable(),
  /** A declared extra class (issue 25): held outside the timetable, listed with the day's classes once saved. */
  extra: z.boolean(),
  /**
   * Issue 27: the holiday (its title) of the class's section on that date — a timetabled class that
   * is not held (no attendance is expected; only an extra class can be recorded). Null on a class
   * day, and for a saved session (held).
   */
  holiday: z.string().nullable(),
  timing: z.enum(CLASS_TIMINGS),
});
export type DayClass = z.infer<typeof dayClassSchema>;
export const dayClassesQuery = z.strictObject({ date: dateField.optional() });
/**
 * `date` defaults to today (college time zone). `editable`: the caller may save sessions on this
 * date (not in the future; within the correction window unless Admin). The timetabled classes and
 * the saved extra classes of that date, ordered by start. `now` is the college's time ("HH:MM").
 */
export const dayClassesResponse = z.object({
  date: z.string(),
  today: z.string(),
  now: z.string(),
  editable: z.boolean(),
  correctionDays: z.number().int(),
  classes: z.array(dayClassSchema),
});
export type DayClasses = z.infer<typeof dayClassesResponse>;

// ---------------------------------------------------------------------------------------------
// GET /attendance/sessions?assignmentId=&date=[&start=]   PUT /attendance/sessions

export const sessionQuery = z.strictObject({
  assignmentId: z.uuid(MSG.assignmentNotFound),
  date: dateField,
  /** Which class that day; defaults to the first timetabled start of that weekday, else the first saved session. */
  start: timeField.optional(),
});
export type SessionQuery = z.infer<typeof sessionQuery>;

/** One student of the roster, in roll-number order. `status` null: not marked in this session. */
export const rosterEntrySchema = z.object({
  studentId: z.string(),
  name: z.string(),
  /** The roll number: the student's student ID (STU001001). */
  rollNumber: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  markedBy: z.string().nullable(),
  markedAt: z.string().nullable(),
  /** This student's attendance in this assignment over every session so far. */
  ...countsShape,
  belowThreshold: z.boolean(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const sessionResponse = z.object({
  assignmentId: z.string(),
  label: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  section: z.string(),
  date: z.string(),
  /** The class's start "HH:MM", or null when the date has no timetabled or saved class (pass one to PUT). */
  start: z.string().nullable(),
  /** The class's end "HH:MM" (the slot's, or the extra class's), or null when unknown. */
  end: z.string().nullable(),
  /** The timetabled starts of this assignment on that weekday. */
  starts: z.array(z.string()),
  /** This class is a declared extra class (no timetabled slot of that weekday starts then). */
  extra: z.boolean(),
  /** The saved session, or null before the first save. */
  session: z
    .object({
      _id: z.string(),
      savedAt: z.string(),
      savedBy: z.string(),
    })
    .nullable(),
  /** The caller may save (not a future date; within the correction window, or the caller is Admin). */
  editable: z.boolean(),
  threshold: z.number(),
  correctionDays: z.number().int(),
  students: z.array(rosterEntrySchema),
});
export type SessionAnswer = z.infer<typeof sessionResponse>;

export const attendanceRecordInput = z.strictObject({
  studentId: z.uuid(MSG.studentNotFound),
  status: z.enum(ATTENDANCE_STATUSES, { error: MSG.attendanceStatus }),
});
/**
 * Save (create or update) the session of this assignment, date and start. Every student must be
 * on the section's roster (400 otherwise) and appear once; students left out keep what they had.
 * A new session must be a timetabled class of that date (a slot of the assignment on that weekday
 * starting at `start`) or be declared an extra class (`extra: true` with its `end`); otherwise 409
 * NOT_IN_TIMETABLE. A saved session can always be corrected (within the window).
 */
export const saveSessionSchema = z
  .strictObject({
    assignmentId: z.uuid(MSG.assignmentNotFound),
    date: dateField,
    start: timeField,
    /** An extra class held outside the timetable (a make-up or special class). */
    extra: z.boolean().optional(),
    /** When the extra class ends; required with `extra`. */
    end: timeField.optional(),
    records: z
      .array(attendanceRecordInput)
      .min(1, MSG.attendanceNoRecords)
      .max(1000)
      .refine((rs) => new Set(rs.map((r) => r.studentId)).size === rs.length, MSG.attendanceDuplicateStudent),
  })
  .superRefine((v, c) => {
    if ((v.extra && !v.end) || (v.end && v.end <= v.start)) c.addIssue({ code: 'custom', path: ['end'], message: MSG.attendanceExtraEnd });
  });
export type SaveSessionInput = z.infer<typeof saveSessionSchema>;
/** PUT answer: the saved session as GET shows it; `created` false when an existing session was updated. */
export const saveSessionResponse = sessionResponse.extend({ message: z.string(), created: z.boolean() });

// ---------------------------------------------------------------------------------------------
// GET /attendance/me (Student) and GET /attendance/students/{id}

export const subjectAttendanceSchema = z.object({
  assignmentId: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  section: z.string(),
  teacher: z.string(),
  credits: z.number().int(),
  ...countsShape,
  belowThreshold: z.boolean(),
});
export type SubjectAttendance = z.infer<typeof subjectAttendanceSchema>;
/**
 * A student's attendance: overall (every record of theirs pooled) and per subject (every course of
 * their sections, marked or not). `belowThreshold` is false while nothing is marked.
 */
export const studentAttendanceResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNumber: z.string().nullable(),
  overall: z.object({ ...countsShape, belowThreshold: z.boolean() }),
  bySubject: z.array(subjectAttendanceSchema),
  threshold: z.number(),
});
export type StudentAttendance = z.infer<typeof studentAttendanceResponse>;
/** GET /attendance/students/{id}: the student themself, a teacher of their section, Admin/SuperAdmin; else 403. */
/** `/attendance/students/{id}`: the account id or the student ID (issue 25). */
export const studentAttendanceParams = studentRefParams;

// ---------------------------------------------------------------------------------------------
// GET /attendance/me/subjects/{assignmentId} and GET /attendance/students/{id}/subjects/{assignmentId}

/** One session of a subject as the student sees it: when, and their status (null: not marked). */
export const studentSessionSchema = z.object({
  sessionId: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  extra: z.boolean(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type StudentSession = z.infer<typeof studentSessionSchema>;
/**
 * A student's attendance in one subject (one teaching assignment of their sections, the
 * `assignmentId` of `bySubject`): the counts and every session held, newest first, so the days
 * marked absent can be seen. 404 when the subject is not one of the student's courses.
 */
export const subjectAttendanceDetailResponse = subjectAttendanceSchema.extend({
  threshold: z.number(),
  sessions: z.array(studentSessionSchema),
});
export type SubjectAttendanceDetail = z.infer<typeof subjectAttendanceDetailResponse>;
export const mySubjectAttendanceParams = z.strictObject({ assignmentId: z.uuid(MSG.attendanceCourseNotFound) });
export const studentSubjectAttendanceParams = studentRefParams.extend({ assignmentId: z.uuid(MSG.attendanceCourseNotFound) });

// ---------------------------------------------------------------------------------------------
// GET /attendance/register?assignmentId=&format=xlsx|csv[&from=&to=]

export const REGISTER_FORMATS = ['xlsx', 'csv'] as const;
/**
 * The register of one assignment as a file: one row per student (roll number, name), one column
 * per session ("2026-11-23 09:00") holding P / A / L / E, then attended, marked, percent.
 */
export const registerQuery = z.strictObject({
  assignmentId: z.uuid(MSG.assignmentNotFound),
  format: z.enum(REGISTER_FORMATS).default('xlsx'),
  from: dateField.optional(),
  to: dateField.optional(),
});
export type RegisterQuery = z.infer<typeof registerQuery>;
export const STATUS_LETTER: Record<AttendanceStatus, string> = { present: 'P', absent: 'A', late: 'L', excused: 'E' };
