import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idParamsWith, pagedResponse, pageQuery, uuidField } from './common.ts';
import type { ImportColumn } from './import.ts';
import { WEEKDAY_NAMES } from '../constants/academics.ts';

/**
 * The academic structure (issue 11): departments, subjects, sections, enrolment, teaching
 * assignments and the weekly timetable. Admin/SuperAdmin manage it under `/academics/*`
 * (list GET, create POST, change PATCH /{id}, remove DELETE /{id}, `/import[?dryRun=true]`).
 * Ids are `_id` (uuid). Times are "HH:MM" (24 h, the college's time zone, CRS_TIMEZONE);
 * weekdays are ISO: 1 = Monday … 7 = Sunday. Dates are "YYYY-MM-DD".
 */

// ---------------------------------------------------------------------------------------------
// Shared field rules

export { WEEKDAYS, WEEKDAY_NAMES, WEEKDAY_SHORT } from '../constants/academics.ts';

/** "HH:MM", 00:00–23:59 (evening classes exist). */
export const timeField = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeFormat);
/** "YYYY-MM-DD", a real calendar date. */
export const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dateFormat)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, MSG.dateFormat);
/** "HH:MM" → minutes after midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes after midnight → "HH:MM". */
export const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const weekdayField = z.number({ error: MSG.weekdayRange }).int(MSG.weekdayRange).min(1, MSG.weekdayRange).max(7, MSG.weekdayRange);
export const semesterField = z.number({ error: MSG.semesterRange }).int(MSG.semesterRange).min(1, MSG.semesterRange).max(10, MSG.semesterRange);
export const creditsField = z.number({ error: MSG.creditsRange }).int(MSG.creditsRange).min(0, MSG.creditsRange).max(20, MSG.creditsRange);
/** "2026-27": the academic year a section runs in (the second part is the next year's last two digits). */
export const academicYearField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, MSG.academicYearFormat)
  .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5, 7)), MSG.academicYearFormat)
  // Its graduates' year (the year it ends) must fit the alumni directory's 1900–2100, and a rollover
  // names the year after it: 1950-51 … 2098-99.
  .refine((v) => Number(v.slice(0, 4)) >= 1950 && Number(v.slice(0, 4)) <= 2098, MSG.academicYearFormat);
/** Department codes ("CSE"), subject codes ("CS301"), section names ("CSE-3A"): upper-cased, no spaces. */
const codeField = (required: string, format: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, format)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]*$/, format));
export const departmentCodeField = codeField(MSG.departmentCodeRequired, MSG.departmentCodeFormat, 10);
export const subjectCodeField = codeField(MSG.subjectCodeRequired, MSG.subjectCodeFormat, 16);
export const sectionNameField = codeField(MSG.sectionNameRequired, MSG.sectionNameFormat, 20);
const titleField = (required: string) => z.string().trim().min(1, required).max(150, MSG.academicNameTooLong);
export const roomField = z.string().trim().min(1, MSG.roomRequired).max(40, MSG.roomTooLong);

const nothingToUpdate = { message: 'Nothing to update' };
const someDefined = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

// ---------------------------------------------------------------------------------------------
// Departments: /academics/departments

export const departmentSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  subjects: z.number().int(),
  sections: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;
export const createDepartmentSchema = z.strictObject({
  code: departmentCodeField,
  name: titleField(MSG.departmentNameRequired),
});
export type CreateDepartmentInput = z.infer<typeof createDepartmentSchema>;
export const updateDepartmentSchema = createDepartmentSchema.partial().refine(someDefined, nothingToUpdate);
export type UpdateDepartmentInput = z.infer<typeof updateDepartmentSchema>;
/** GET /academics/departments: every department, by code (a college has tens, not thousands). */
export const departmentListResponse = z.object({ departments: z.array(departmentSchema), total: z.number().int() });
export const departmentResponse = z.object({ message: z.string(), department: departmentSchema });
export const departmentIdParams = idParamsWith(MSG.departmentNotFound);
export const DEPARTMENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'code', label: 'code', required: true, aliases: ['department code'], example: 'CSE' },
  { key: 'name', label: 'name', required: true, aliases: ['department', 'department name'], example: 'Computer Science and Engineering' },
];

// ---------------------------------------------------------------------------------------------
// Subjects: /academics/subjects

export const subjectSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  departmentId: z.string(),
  department: z.string(),
  semester: z.number().int(),
  credits: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const createSubjectSchema = z.strictObject({
  code: subjectCodeField,
  name: titleField(MSG.subjectNameRequired),
  departmentId: uuidField(MSG.departmentNotFound),
  semester: semesterField,
  credits: creditsField,
});
export type CreateSubjectInput = z.infer<typeof createSubjectSchema>;
export const updateSubjectSchema = createSubjectSchema.partial().refine(someDefined, nothingToUpdate);
export type UpdateSubjectInput = z.infer<typeof updateSubjectSchema>;
/** GET /academics/subjects: filter by department or semester, search code/name with q. */
export const listSubjectsQuery = z.strictObject({
  departmentId: z.uuid(MSG.departmentNotFound).optional(),
  semester: z.coerce.number().int().min(1).max(10).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageQuery.page,
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListSubjectsQuery = z.infer<typeof listSubjectsQuery>;
export const subjectListResponse = pagedResponse('subjects', subjectSchema);
export const subjectResponse = z.object({ message: z.string(), subject: subjectSchema });
export const subjectIdParams = idParamsWith(MSG.subjectNotFound);
export const SUBJECT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'code', label: 'code', required: true, aliases: ['subject code', 'course code'], example: 'CS301' },
  { key: 'name', label: 'name', required: true, aliases: ['subject', 'subject name', 'title'], example: 'Data Structures' },
  { key: 'department', label: 'department', required: true, aliases: ['department code', 'dept'], example: 'CSE', hint: 'department code' },
  { key: 'semester', label: 'semester', required: true, aliases: ['sem'], example: '3', hint: '1 to 10' },
  { key: 'credits', label: 'credits', required: true, example: '4', hint: 'whole number, 0 to 20' },
];

// ---------------------------------------------------------------------------------------------
// Sections: /academics/sections

export const sectionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  departmentId: z.string(),
  department: z.string(),
  semester: z.number().int(),
  academicYear: z.string(),
  students: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;
export const createSectionSchema = z.strictObject({
  name: sectionNameField,
  departmentId: uuidField(MSG.departmentNotFound),
  semester: semesterField,
  academicYear: academicYearField,
});
export type CreateSectionInput = z.infer<typeof createSectionSchema>;
export const updateSectionSchema = createSectionSchema.partial().refine(someDefined, nothingToUpdate);
export type UpdateSectionInput = z.infer<typeof updateSectionSchema>;
export const listSectionsQuery = z.strictObject({
  departmentId: z.uuid(MSG.departmentNotFound).optional(),
  semester: z.coerce.number().int().min(1).max(10).optional(),
  academicYear: z.string().trim().max(7).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageQuery.page,
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListSectionsQuery = z.infer<typeof listSectionsQuery>;
export const sectionListResponse = pagedResponse('sections', sectionSchema);
export const sectionResponse = z.object({ message: z.string(), section: sectionSchema });
export const sectionIdParams = idParamsWith(MSG.sectionNotFound);
/** A section is identified in files by name + academic year ("CSE-3A", "2026-27"). */
export const SECTION_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', label: 'name', required: true, aliases: ['section', 'section name'], example: 'CSE-3A' },
  { key: 'department', label: 'department', required: true, aliases: ['department code', 'dept'], example: 'CSE', hint: 'department code' },
  { key: 'semester', label: 'semester', required: true, aliases: ['sem'], example: '3' },
  { key: 'academicYear', label: 'academicYear', required: true, aliases: ['academic year', 'year'], example: '2026-27', hint: 'like 2026-27' },
];

// ---------------------------------------------------------------------------------------------
// Enrolment: /academics/sections/{id}/students

/** A student on a roster: the roll number is their student ID (STU001001). */
export const sectionStudentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  studentId: z.string().nullable(),
});
export type SectionStudent = z.infer<typeof sectionStudentSchema>;
/** GET /academics/sections/{id}/students: the whole roster by roll number. */
export const sectionStudentsResponse = z.object({ students: z.array(sectionStudentSchema), total: z.number().int() });
/** POST /academics/sections/{id}/students: enrol these students (already enrolled ones are kept once). */
export const enrolStudentsSchema = z.strictObject({
  studentIds: z.array(z.uuid(MSG.studentNotFound)).min(1, MSG.selectStudents).max(1000),
});
export type EnrolStudentsInput = z.infer<typeof enrolStudentsSchema>;
export const enrolStudentsResponse = z.object({ message: z.string(), enrolled: z.number().int(), alreadyEnrolled: z.number().int() });
export const sectionStudentParams = z.strictObject({ id: uuidField(MSG.sectionNotFound), studentId: uuidField(MSG.studentNotFound) });
/** POST /academics/sections/{id}/students/import: one student per row, by email or student ID. */
export const ENROLMENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'student', label: 'student', required: true, aliases: ['email', 'student id', 'studentId', 'roll number', 'roll no'], example: 'STU001001', hint: 'student ID or email' },
];

// ---------------------------------------------------------------------------------------------
// Teaching assignments: /academics/assignments

export const userRefSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export const assignmentSchema = z.object({
  _id: z.string(),
  teacherId: z.string(),
  teacher: userRefSchema,
  subjectId: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  credits: z.number().int(),
  sectionId: z.string(),
  section: z.string(),
  academicYear: z.string(),
  /** "CS301 · CSE-3A" (the attendance summary's class label). */
  label: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;
/** One teacher per subject and section (a co-teacher is a second subject row, e.g. a lab). */
export const createAssignmentSchema = z.strictObject({
  teacherId: uuidField(MSG.teacherNotFound),
  subjectId: uuidField(MSG.subjectNotFound),
  sectionId: uuidField(MSG.sectionNotFound),
});
export type CreateAssignmentInput = z.infer<typeof createAssignmentSchema>;
export const updateAssignmentSchema = createAssignmentSchema.partial().refine(someDefined, nothingToUpdate);
export type UpdateAssignmentInput = z.infer<typeof updateAssignmentSchema>;
export const listAssignmentsQuery = z.strictObject({
  teacherId: z.uuid(MSG.teacherNotFound).optional(),
  sectionId: z.uuid(MSG.sectionNotFound).optional(),
  subjectId: z.uuid(MSG.subjectNotFound).optional(),
  page: pageQuery.page,
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListAssignmentsQuery = z.infer<typeof listAssignmentsQuery>;
export const assignmentListResponse = pagedResponse('assignments', assignmentSchema);
export const assignmentResponse = z.object({ message: z.string(), assignment: assignmentSchema });
export const assignmentIdParams = idParamsWith(MSG.assignmentNotFound);
export const ASSIGNMENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'teacher', label: 'teacher', required: true, aliases: ['teacher email', 'faculty', 'email'], example: 'teacher@demo.crs', hint: "the teacher's email" },
  { key: 'subject', label: 'subject', required: true, aliases: ['subject code', 'code'], example: 'CS301' },
  { key: 'section', label: 'section', required: true, aliases: ['section name'], example: 'CSE-3A' },
  { key: 'academicYear', label: 'academicYear', required: true, aliases: ['academic year', 'year'], example: '2026-27' },
];

// ---------------------------------------------------------------------------------------------
// Timetable: /academics/timetable

/** One weekly slot. Teacher, section and room are never double-booked (409 MSG.*DoubleBooked). */
export const timetableSlotSchema = z.object({
  _id: z.string(),
  assignmentId: z.string(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  room: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  section: z.string(),
  sectionId: z.string(),
  teacherId: z.string(),
  teacher: z.string(),
  /** "CS301 · CSE-3A". */
  label: z.string(),
});
export type TimetableSlot = z.infer<typeof timetableSlotSchema>;
const slotFields = {
  assignmentId: uuidField(MSG.assignmentNotFound),
  weekday: weekdayField,
  start: timeField,
  end: timeField,
  room: roomField,
};
const endAfterStart = (v: { start?: string | undefined; end?: string | undefined }) => !v.start || !v.end || minutesOf(v.end) > minutesOf(v.start);
export const createSlotSchema = z.strictObject(slotFields).refine(endAfterStart, { message: MSG.endAfterStart, path: ['end'] });
export type CreateSlotInput = z.infer<typeof createSlotSchema>;
/** PATCH: a changed start or end is checked against the stored other end by the server (400 MSG.endAfterStart). */
export const updateSlotSchema = z
  .strictObject(slotFields)
  .partial()
  .refine(someDefined, nothingToUpdate)
  .refine(endAfterStart, { message: MSG.endAfterStart, path: ['end'] });
export type UpdateSlotInput = z.infer<typeof updateSlotSchema>;
export const listSlotsQuery = z.strictObject({
  sectionId: z.uuid(MSG.sectionNotFound).optional(),
  teacherId: z.uuid(MSG.teacherNotFound).optional(),
  assignmentId: z.uuid(MSG.assignmentNotFound).optional(),
  weekday: z.coerce.number().int().min(1).max(7).optional(),
  room: z.string().trim().max(40).optional(),
  page: pageQuery.page,
  pageSize: z.coerce.number().int().min(1).max(1000).default(500),
});
export type ListSlotsQuery = z.infer<typeof listSlotsQuery>;
/** Ordered by weekday, start, section. */
export const slotListResponse = pagedResponse('slots', timetableSlotSchema);
export const slotResponse = z.object({ message: z.string(), slot: timetableSlotSchema });
export const slotIdParams = idParamsWith(MSG.slotNotFound);
/** The slot's assignment is found by subject + section (+ academic year); weekday as 1–7 or Mon/Monday. */
export const TIMETABLE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'subject', label: 'subject', required: true, aliases: ['subject code', 'code'], example: 'CS301' },
  { key: 'section', label: 'section', required: true, aliases: ['section name'], example: 'CSE-3A' },
  { key: 'academicYear', label: 'academicYear', required: true, aliases: ['academic year', 'year'], example: '2026-27' },
  { key: 'weekday', label: 'weekday', required: true, aliases: ['day'], example: 'Mon', hint: '1-7 (1 = Monday) or Mon…Sun' },
  { key: 'start', label: 'start', required: true, aliases: ['from', 'start time'], example: '09:00', hint: 'HH:MM, 24-hour' },
  { key: 'end', label: 'end', required: true, aliases: ['to', 'end time'], example: '10:00', hint: 'HH:MM, 24-hour' },
  { key: 'room', label: 'room', required: true, aliases: ['venue', 'classroom'], example: 'CSE-201' },
];
/**
 * A time cell of an import as people and spreadsheets write it: "9:00", "09:00", "09:00:00",
 * "9:00 AM", "06:30:00 PM" (a time cell's displayed text) → "HH:MM", else null.
 */
export function parseTimeCell(cell: string): string | null {
  const m = /^(\d{1,2})[:.](\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(cell.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const half = m[3]?.[0]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** A weekday cell of an import: "1".."7", "Mon", "Monday" (any case) → 1..7, else null. */
export function parseWeekday(cell: string): number | null {
  const v = cell.trim().toLowerCase();
  if (/^[1-7]$/.test(v)) return Number(v);
  const i = WEEKDAY_NAMES.findIndex((n, k) => k > 0 && (n.toLowerCase() === v || n.slice(0, 3).toLowerCase() === v));
  return i > 0 ? i : null;
}

// ---------------------------------------------------------------------------------------------
// Reads for teachers and students

/** GET /teachers/my-subjects (spec: `{subjects: [{name, code, section}]}`), the caller's assignments. */
export const teacherSubjectSchema = z.object({
  name: z.string(),
  code: z.string(),
  section: z.string(),
  assignmentId: z.string(),
  subjectId: z.string(),
  sectionId: z.string(),
  semester: z.number().int(),
  credits: z.number().int(),
  students: z.number().int(),
});
export type TeacherSubject = z.infer<typeof teacherSubjectSchema>;
export const mySubjectsResponse = z.object({ subjects: z.array(teacherSubjectSchema) });

/**
 * GET /teachers/upcoming-classes (spec: `{classes: [{subject, section, time}]}`): the caller's
 * classes for the rest of today (not yet ended, in the college's time zone), by start.
 * `subject` is the subject name, `time` "09:00 - 10:00".
 */
export const upcomingClassSchema = z.object({
  subject: z.string(),
  section: z.string(),
  time: z.string(),
  subjectCode: z.string(),
  assignmentId: z.string(),
  start: z.string(),
  end: z.string(),
  room: z.string(),
});
export type UpcomingClass = z.infer<typeof upcomingClassSchema>;
export const upcomingClassesResponse = z.object({ classes: z.array(upcomingClassSchema) });

/**
 * GET /academics/timetable/me: the caller's weekly timetable — a Student's sections' slots, a
 * Teacher's own slots (others: empty). `today` is today's ISO weekday in the college's time zone.
 */
export const myTimetableResponse = z.object({ today: z.number().int(), date: z.string(), slots: z.array(timetableSlotSchema) });

/**
 * GET /academics/courses/me (Student, "My Courses"): the subjects taught to the caller's sections,
 * with teacher and credits. Attendance per course is in GET /attendance/me (`bySubject`, same
 * `assignmentId`).
 */
export const myCourseSchema = z.object({
  assignmentId: z.string(),
  subjectId: z.string(),
  code: z.string(),
  name: z.string(),
  credits: z.number().int(),
  semester: z.number().int(),
  section: z.string(),
  teacher: z.string(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
export const myCoursesResponse = z.object({ courses: z.array(myCourseSchema) });

/** How a teaching assignment reads on screens: its subject code and section (CS301 · CSE-3A). */
export const assignmentLabel = (subjectCode: string, section: string) => `${subjectCode} · ${section}`;
