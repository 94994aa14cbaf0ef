import { assignmentLabel } from '@crs/shared/schemas/academics';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import * as users from '../users/users.service.ts';
import * as repo from './academics.repository.ts';
import type { AssignmentRow, SectionRef } from './academics.repository.ts';

export type { AssignmentRow, SectionRef, SlotRow, SubjectRow } from './academics.repository.ts';

// The academics read interface (decision 0039): what other modules ask about the academic structure,
// one function per question, each "all" an explicit query. The administration (CRUD, enrolment,
// imports) is academics.service.ts, for academics' own routes; lint keeps other modules to this file
// (and academics.enrolment.ts, the student record's enrolment moves).

/** A department as other modules name it. */
export type DepartmentRef = { id: string; code: string; name: string };
/** A teaching assignment (a teacher teaching a subject to a section) with its label ("CS301 · CSE-3A"). */
export type LabelledAssignment = AssignmentRow & { label: string };
/** What the teaching assignment of a subject in a section is (academics' side of an exam). */
export type AssignmentInfo = {
  subjectCode: string;
  subjectName: string;
  credits: number;
  semester: number;
  section: string;
  sectionSemester: number;
  /** null: nobody teaches the subject in that section (yet). */
  teacherId: string | null;
  rosterSize: number;
  label: string;
};

const labelled = (rows: AssignmentRow[]): LabelledAssignment[] => rows.map((r) => ({ ...r, label: assignmentLabel(r.subjectCode, r.section) }));

// Departments, subjects, sections ---------------------------------------------------------------

/** Departments by id (code and name), by code; unknown ids are left out. */
export const departmentsByIds = (ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db): Promise<DepartmentRef[]> => repo.departmentRefs(tx, [...new Set(ids)]);
/** Every department (code and name), by code. */
export const allDepartments = (ctx: AppContext, tx: Executor = ctx.db): Promise<DepartmentRef[]> => repo.departmentRefs(tx);
/** Subjects by id with code, name, department, credits and semester; unknown ids are left out. */
export const subjectsByIds = (ctx: AppContext, ids: readonly string[]) => repo.subjectsByIds(ctx.db, [...new Set(ids)]);
/** Every subject, by code. */
export const allSubjects = (ctx: AppContext) => repo.allSubjects(ctx.db);
/** Sections by id with their department's code and name, newest academic year first; unknown ids are left out. */
export const sectionsByIds = (ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db): Promise<SectionRef[]> => repo.sectionRefs(tx, [...new Set(ids)]);
/** Every section with its department's code and name: newest academic year first, then by department code and name. */
export const allSections = (ctx: AppContext, tx: Executor = ctx.db): Promise<SectionRef[]> => repo.sectionRefs(tx);

// Students --------------------------------------------------------------------------------------

/** The roster of a section: id, name, email and roll number (student ID), by roll number. */
export async function sectionRoster(ctx: AppContext, sectionId: string, tx: Executor = ctx.db): Promise<Array<{ id: string; name: string; email: string; studentId: string | null }>> {
  const ids = await repo.sectionStudentIds(tx, sectionId);
  const people = await users.usersByIds(ctx, ids, tx);
  return [...people.values()]
    .map((p) => ({ id: p.id, name: p.name, email: p.email, studentId: p.studentId }))
    .sort((a, b) => (a.studentId ?? '~').localeCompare(b.studentId ?? '~') || a.name.localeCompare(b.name));
}
/** The sections each listed student is enrolled in, by section name; a student on none has no entry. */
export async function sectionsOfStudents(ctx: AppContext, studentIds: readonly string[], tx: Executor = ctx.db): Promise<Map<string, SectionRef[]>> {
  const out = new Map<string, SectionRef[]>();
  for (const { studentId, ...section } of await repo.sectionRefsOfStudents(tx, [...new Set(studentIds)])) out.set(studentId, [...(out.get(studentId) ?? []), section]);
  return out;
}
/**
 * Where a student studies now, for their ID card: the section of the latest academic year and
 * semester they are enrolled in (by name among equals); undefined when none.
 */
export async function currentSectionOf(ctx: AppContext, studentId: string): Promise<SectionRef | undefined> {
  const rows = (await sectionsOfStudents(ctx, [studentId])).get(studentId) ?? [];
  return rows.sort((a, b) => b.academicYear.localeCompare(a.academicYear) || b.semester - a.semester || a.name.localeCompare(b.name))[0];
}
/**
 * Where a person belongs in the college: a student's enrolled sections, a teacher's taught sections,
 * and the departments of those sections (and of the subjects a teacher teaches).
 */
export async function affiliationOf(ctx: AppContext, userId: string, tx: Executor = ctx.db): Promise<{ departmentIds: string[]; sectionIds: string[] }> {
  // One statement: placement's eligibility and the calendar ask this on every student dashboard.
  const rows = await repo.affiliationRows(tx, userId);
  return { departmentIds: [...new Set(rows.map((r) => r.departmentId))], sectionIds: rows.filter((r) => r.kind === 'section').map((r) => r.id) };
}

// Teaching assignments --------------------------------------------------------------------------

/** One teaching assignment with its teacher's name and label; undefined when unknown. */
export async function findAssignment(ctx: AppContext, id: string, tx: Executor = ctx.db) {
  const row = await repo.findAssignment(tx, id);
  if (!row) return undefined;
  const teacher = (await users.usersByIds(ctx, [row.teacherId], tx)).get(row.teacherId);
  return { ...row, teacher: teacher?.name ?? 'Unknown', label: assignmentLabel(row.subjectCode, row.section) };
}
/** A teacher's teaching assignments, by subject code and section. */
export const assignmentsOfTeacher = async (ctx: AppContext, teacherId: string) => labelled(await repo.allAssignments(ctx.db, { teacherId }));
/** Every teaching assignment of the college, by subject code and section. */
export const allAssignments = async (ctx: AppContext) => labelled(await repo.allAssignments(ctx.db, {}));
/** The teaching assignments of a section (the subjects taught there), by subject code. */
export const assignmentsOfSection = async (ctx: AppContext, sectionId: string) => labelled(await repo.allAssignments(ctx.db, { sectionId }));
/**
 * The teaching assignments of the sections the student studies in now (not those a rollover
 * promoted them out of), with their teachers' names.
 */
export async function assignmentsOfStudent(ctx: AppContext, studentId: string) {
  const rows = await repo.allAssignments(ctx.db, { taughtToStudent: studentId });
  const people = await users.usersByIds(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return labelled(rows).map((r) => ({ ...r, teacher: people.get(r.teacherId)?.name ?? 'Unknown' }));
}
/** The ids of the subjects taught in the sections the student studies in now (what assignmentsOfStudent names), one statement. */
export const subjectIdsOfStudent = (ctx: AppContext, studentId: string): Promise<string[]> => repo.currentSubjectsOfStudent(ctx.db, studentId);
/**
 * Id and label of a teacher's (undefined: every teacher's) teaching assignments, by subject code and
 * section: the dashboard summary's lean read, one prepared statement.
 */
export async function assignmentLabelsOf(ctx: AppContext, teacherId: string | undefined) {
  const rows = await repo.assignmentLabels(ctx.db, teacherId);
  return rows.map((r) => ({ ...r, label: assignmentLabel(r.subjectCode, r.section) }));
}
/** What the teaching assignment of each subject + section pair is, by `subjectId|sectionId`; pairs naming an unknown subject or section are left out. */
export async function assignmentInfo(ctx: AppContext, pairs: ReadonlyArray<{ subjectId: string; sectionId: string }>): Promise<Map<string, AssignmentInfo>> {
  const info = new Map<string, AssignmentInfo>();
  for (const r of await repo.assignmentInfoOfPairs(ctx.db, pairs)) {
    info.set(`${r.subjectId}|${r.sectionId}`, {
      subjectCode: r.subjectCode,
      subjectName: r.subjectName,
      credits: r.credits,
      semester: r.semester,
      section: r.section,
      sectionSemester: r.sectionSemester,
      teacherId: r.teacherId,
      rosterSize: r.students,
      label: assignmentLabel(r.subjectCode, r.section),
    });
  }
  return info;
}
/** Each teaching assignment's department (its section's), by assignment id. */
export const departmentOfAssignments = async (ctx: AppContext): Promise<Map<string, { code: string; name: string }>> =>
  new Map((await repo.assignmentDepartments(ctx.db)).map((r) => [r.id, { code: r.code, name: r.name }]));
/** True when the teacher teaches any section the student is enrolled in. */
export async function teachesStudent(ctx: AppContext, teacherId: string, studentId: string) {
  const sectionIds = await repo.sectionsOfStudent(ctx.db, studentId);
  return sectionIds.length > 0 && repo.anyAssignment(ctx.db, { teacherId, sectionIds });
}
/** True when the teacher teaches the subject to some section. */
export const teachesSubject = (ctx: AppContext, teacherId: string, subjectId: string) => repo.anyAssignment(ctx.db, { teacherId, subjectId });
/** True when the subject is taught (by anyone) to a section the student is on. */
export async function takesSubject(ctx: AppContext, studentId: string, subjectId: string) {
  const sectionIds = await repo.sectionsOfStudent(ctx.db, studentId);
  return sectionIds.length > 0 && repo.anyAssignment(ctx.db, { subjectId, sectionIds });
}

// Timetable -------------------------------------------------------------------------------------

/** The timetabled slots of one teaching assignment on a weekday (undefined: its whole week), by weekday and start. */
export const slotsOfAssignment = (ctx: AppContext, assignmentId: string, weekday: number | undefined) => repo.allSlots(ctx.db, { assignmentId, weekday });
/** The whole week's slots of these sections (the calendar's classes of a student), by weekday and start. */
export const slotsOfSections = async (ctx: AppContext, sectionIds: readonly string[]) => (sectionIds.length ? repo.allSlots(ctx.db, { sectionIds: [...sectionIds] }) : []);
/** The whole week's slots a teacher teaches (the calendar's classes of a teacher), by weekday and start. */
export const slotsOfTeacher = (ctx: AppContext, teacherId: string) => repo.allSlots(ctx.db, { teacherId });
/** The ids of the sections a student is enrolled in (closed terms included: their exams and results). */
export const sectionIdsOfStudent = (ctx: AppContext, studentId: string): Promise<string[]> => repo.sectionsOfStudent(ctx.db, studentId);
/** The ids of the sections a student studies in now: enrolled, less those a rollover promoted them out of. */
export const currentSectionIdsOfStudent = (ctx: AppContext, studentId: string): Promise<string[]> => repo.currentSectionsOfStudent(ctx.db, studentId);
/** A teacher's (undefined: every teacher's) slots on a weekday, by start. */
export const slotsOfTeacherOn = (ctx: AppContext, teacherId: string | undefined, weekday: number) => repo.allSlots(ctx.db, { teacherId, weekday });

// Analytics -------------------------------------------------------------------------------------

/** Students enrolled by `asOf` (YYYY-MM-DD) per department, every department listed, by code. */
export const enrolmentByDepartment = (ctx: AppContext, asOf: string) => repo.enrolmentByDepartment(ctx.db, asOf);

// Graduates (issue 27 item 5) -------------------------------------------------------------------

/** Whether the student graduated in a semester rollover: the library refuses them loans, placement applications. */
export const isGraduate = (ctx: AppContext, studentId: string, tx: Executor = ctx.db): Promise<boolean> => repo.isGraduate(tx, studentId);
/** The graduates of a batch ("2023-2027"): student, batch, graduation year and the department they graduated from. */
export const graduatesOfBatch = (ctx: AppContext, batch: string, tx: Executor = ctx.db) => repo.graduatesOfBatch(tx, batch);
