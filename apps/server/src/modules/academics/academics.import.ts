import { MSG } from '@crs/shared/messages';
import {
  academicYearField,
  ASSIGNMENT_IMPORT_COLUMNS,
  createDepartmentSchema,
  createSectionSchema,
  createSubjectSchema,
  DEPARTMENT_IMPORT_COLUMNS,
  ENROLMENT_IMPORT_COLUMNS,
  minutesOf,
  parseTimeCell,
  parseWeekday,
  roomField,
  SECTION_IMPORT_COLUMNS,
  sectionNameField,
  SUBJECT_IMPORT_COLUMNS,
  subjectCodeField,
  TIMETABLE_IMPORT_COLUMNS,
  timeField,
  WEEKDAY_NAMES,
} from '@crs/shared/schemas/academics';
import type { CreateDepartmentInput } from '@crs/shared/schemas/academics';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec, RowCheck } from '../../lib/import/pipeline.ts';
import type { UserCard } from '../users/users.service.ts';
import type { SectionValues, SlotValues, SubjectValues } from './academics.repository.ts';

// The academic imports on the one pipeline (decision 0016). References to other records are
// resolved from maps loaded before the rows are checked: departments by code, sections by
// name + academic year, people by email or student ID, assignments by subject + section + year.

type Cells = ReadonlyMap<string, string>;
const cellOf = (cells: Cells) => (key: string) => cells.get(key) ?? '';
/** A whole number as typed; blank is undefined (the schema says it is required); else NaN. */
const wholeNumber = (cell: string) => (cell === '' ? undefined : /^-?\d+$/.test(cell) ? Number(cell) : Number.NaN);
const fail = <T>(field: string, message: string): RowCheck<T> => ({ ok: false, errors: [{ field, message }] });
/** NaN cells read as "Must be a whole number" instead of zod's wording. */
function numbersReadable<T>(r: RowCheck<T>, nanFields: Array<string | false>): RowCheck<T> {
  if (r.ok) return r;
  const nan = new Set(nanFields.filter(Boolean));
  return { ok: false, errors: r.errors.map((e) => (nan.has(e.field ?? '') ? { ...e, message: MSG.importWholeNumber } : e)) };
}

export const departmentImport: ImportSpec<CreateDepartmentInput> = {
  columns: DEPARTMENT_IMPORT_COLUMNS,
  check: (cells) => checkWithSchema(createDepartmentSchema, { code: cellOf(cells)('code'), name: cellOf(cells)('name') }),
  key: (v) => v.code,
};

export function subjectImport(departmentIds: ReadonlyMap<string, string>): ImportSpec<SubjectValues> {
  return {
    columns: SUBJECT_IMPORT_COLUMNS,
    check(cells) {
      const cell = cellOf(cells);
      const dept = cell('department').toUpperCase();
      const departmentId = departmentIds.get(dept);
      const semester = wholeNumber(cell('semester'));
      const credits = wholeNumber(cell('credits'));
      const r = numbersReadable(
        checkWithSchema(
          createSubjectSchema,
          { code: cell('code'), name: cell('name'), departmentId: departmentId ?? '00000000-0000-4000-8000-000000000000', semester, credits },
          (p) => (p === 'departmentId' ? 'department' : p),
        ),
        [Number.isNaN(semester) && 'semester', Number.isNaN(credits) && 'credits'],
      );
      if (!departmentId) {
        const e = { field: 'department', message: dept ? MSG.unknownDepartment(dept) : MSG.departmentCodeRequired };
        return { ok: false, errors: r.ok ? [e] : [...r.errors, e] };
      }
      return r;
    },
    key: (v) => v.code,
  };
}

export function sectionImport(departmentIds: ReadonlyMap<string, string>): ImportSpec<SectionValues> {
  return {
    columns: SECTION_IMPORT_COLUMNS,
    check(cells) {
      const cell = cellOf(cells);
      const dept = cell('department').toUpperCase();
      const departmentId = departmentIds.get(dept);
      const semester = wholeNumber(cell('semester'));
      const r = numbersReadable(
        checkWithSchema(
          createSectionSchema,
          { name: cell('name'), departmentId: departmentId ?? '00000000-0000-4000-8000-000000000000', semester, academicYear: cell('academicYear') },
          (p) => (p === 'departmentId' ? 'department' : p),
        ),
        [Number.isNaN(semester) && 'semester'],
      );
      if (!departmentId) {
        const e = { field: 'department', message: dept ? MSG.unknownDepartment(dept) : MSG.departmentCodeRequired };
        return { ok: false, errors: r.ok ? [e] : [...r.errors, e] };
      }
      return r;
    },
    key: (v) => `${v.name}|${v.academicYear}`,
  };
}

const isActive = (p: UserCard | undefined, role: 'Student' | 'Teacher') => !!p && p.status === 'active' && p.roles.includes(role);

/** One student per row of one section's roster, by email or student ID. */
export function enrolmentImport(people: ReadonlyMap<string, UserCard>): ImportSpec<string> {
  return {
    columns: ENROLMENT_IMPORT_COLUMNS,
    check(cells) {
      const ref = cellOf(cells)('student');
      if (!ref) return fail('student', MSG.studentNotFound);
      const p = people.get(ref.toLowerCase());
      if (!p) return fail('student', MSG.unknownPerson(ref));
      if (!isActive(p, 'Student')) return fail('student', MSG.notAStudent(ref));
      return { ok: true, value: p.id };
    },
    key: (id) => id,
  };
}

type SectionKeyMap = ReadonlyMap<string, string>;
/** A section named in a row: name + academic year → id, or the row's errors. */
function sectionOf(cell: (k: string) => string, sectionIds: SectionKeyMap): { id: string } | { errors: Array<{ field: string; message: string }> } {
  const name = sectionNameField.safeParse(cell('section'));
  const year = academicYearField.safeParse(cell('academicYear'));
  const errors: Array<{ field: string; message: string }> = [];
  if (!name.success) errors.push({ field: 'section', message: name.error.issues[0]!.message });
  if (!year.success) errors.push({ field: 'academicYear', message: year.error.issues[0]!.message });
  if (errors.length) return { errors };
  const id = sectionIds.get(`${name.data}|${year.data}`);
  return id ? { id } : { errors: [{ field: 'section', message: MSG.unknownSection(name.data!, year.data!) }] };
}

export function assignmentImport(
  people: ReadonlyMap<string, UserCard>,
  subjectIds: ReadonlyMap<string, string>,
  sectionIds: SectionKeyMap,
): ImportSpec<{ teacherId: string; subjectId: string; sectionId: string }> {
  return {
    columns: ASSIGNMENT_IMPORT_COLUMNS,
    check(cells) {
      const cell = cellOf(cells);
      const errors: Array<{ field: string; message: string }> = [];
      const ref = cell('teacher');
      const teacher = people.get(ref.toLowerCase());
      if (!ref) errors.push({ field: 'teacher', message: MSG.teacherNotFound });
      else if (!teacher) errors.push({ field: 'teacher', message: MSG.unknownPerson(ref) });
      else if (!isActive(teacher, 'Teacher')) errors.push({ field: 'teacher', message: MSG.notATeacher(ref) });
      const code = subjectCodeField.safeParse(cell('subject'));
      const subjectId = code.success ? subjectIds.get(code.data) : undefined;
      if (!code.success) errors.push({ field: 'subject', message: code.error.issues[0]!.message });
      else if (!subjectId) errors.push({ field: 'subject', message: MSG.unknownSubject(code.data) });
      const section = sectionOf(cell, sectionIds);
      if ('errors' in section) errors.push(...section.errors);
      if (errors.length) return { ok: false, errors };
      return { ok: true, value: { teacherId: teacher!.id, subjectId: subjectId!, sectionId: (section as { id: string }).id } };
    },
    key: (v) => `${v.subjectId}|${v.sectionId}`,
  };
}

type Booking = Pick<SlotValues, 'assignmentId' | 'teacherId' | 'sectionId' | 'weekday' | 'startMin' | 'endMin' | 'room'>;
const overlaps = (a: Booking, b: Booking) => a.weekday === b.weekday && a.startMin < b.endMin && b.startMin < a.endMin;
const slotKey = (v: Pick<SlotValues, 'assignmentId' | 'weekday' | 'startMin'>) => `${v.assignmentId}|${v.weekday}|${v.startMin}`;

/**
 * Timetable rows: the assignment by subject + section + year; weekday 1–7 or a day's name. A row
 * that would double-book a teacher, section or room — against the stored timetable or an earlier
 * row of the file — is a row error (the database's exclusion constraints stay the last word).
 */
export function timetableImport(
  assignments: ReadonlyMap<string, { id: string; teacherId: string; sectionId: string }>,
  stored: readonly Booking[],
): ImportSpec<SlotValues> {
  const accepted: Booking[] = [];
  const storedKeys = new Set(stored.map(slotKey));
  return {
    columns: TIMETABLE_IMPORT_COLUMNS,
    check(cells) {
      const cell = cellOf(cells);
      const errors: Array<{ field: string; message: string }> = [];
      const code = subjectCodeField.safeParse(cell('subject'));
      if (!code.success) errors.push({ field: 'subject', message: code.error.issues[0]!.message });
      const section = sectionNameField.safeParse(cell('section'));
      if (!section.success) errors.push({ field: 'section', message: section.error.issues[0]!.message });
      const year = academicYearField.safeParse(cell('academicYear'));
      if (!year.success) errors.push({ field: 'academicYear', message: year.error.issues[0]!.message });
      const weekday = parseWeekday(cell('weekday'));
      if (!weekday) errors.push({ field: 'weekday', message: MSG.weekdayRange });
      const start = timeField.safeParse(parseTimeCell(cell('start')) ?? cell('start'));
      if (!start.success) errors.push({ field: 'start', message: MSG.timeFormat });
      const end = timeField.safeParse(parseTimeCell(cell('end')) ?? cell('end'));
      if (!end.success) errors.push({ field: 'end', message: MSG.timeFormat });
      else if (start.success && minutesOf(end.data) <= minutesOf(start.data)) errors.push({ field: 'end', message: MSG.endAfterStart });
      const room = roomField.safeParse(cell('room'));
      if (!room.success) errors.push({ field: 'room', message: room.error.issues[0]!.message });
      const a = code.success && section.success && year.success ? assignments.get(`${code.data}|${section.data}|${year.data}`) : undefined;
      if (code.success && section.success && year.success && !a) errors.push({ field: 'subject', message: MSG.unknownAssignment(code.data, section.data) });
      if (errors.length) return { ok: false, errors };
      const value: SlotValues = {
        assignmentId: a!.id,
        teacherId: a!.teacherId,
        sectionId: a!.sectionId,
        weekday: weekday!,
        startMin: minutesOf(start.data!),
        endMin: minutesOf(end.data!),
        room: room.data!,
      };
      // The same slot already stored is skipped by its key, not a clash with itself.
      if (!storedKeys.has(slotKey(value))) {
        for (const b of [...stored, ...accepted]) {
          if (!overlaps(value, b)) continue;
          const clash =
            b.teacherId === value.teacherId ? MSG.teacherDoubleBooked : b.sectionId === value.sectionId ? MSG.sectionDoubleBooked : b.room.toLowerCase() === value.room.toLowerCase() ? MSG.roomDoubleBooked : null;
          if (clash) return fail('start', `${clash} (${WEEKDAY_NAMES[value.weekday]})`);
        }
        accepted.push(value);
      }
      return { ok: true, value };
    },
    key: slotKey,
  };
}
