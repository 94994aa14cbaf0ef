import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import type { RolloverPlan } from '@crs/shared/schemas/rollover';
import { departments, rolloverRuns, rolloverStudents, sections, sectionStudents, subjects, teachingAssignments, timetableSlots } from '../../db/schema/academics.ts';
import { containing } from '../../lib/patterns.ts';

// Queries of the academic structure. Each takes the database or an open transaction.

const page = (p: { page: number; pageSize: number }) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });

// Departments ---------------------------------------------------------------------------------

const DEPARTMENT_COLUMNS = {
  id: departments.id,
  code: departments.code,
  name: departments.name,
  subjects: sql<number>`(select count(*)::int from subjects s where s.department_id = "departments"."id")`,
  sections: sql<number>`(select count(*)::int from sections s where s.department_id = "departments"."id")`,
};
export type DepartmentRow = { id: string; code: string; name: string; subjects: number; sections: number };

export const listDepartments = (db: Executor): Promise<DepartmentRow[]> => db.select(DEPARTMENT_COLUMNS).from(departments).orderBy(asc(departments.code));
export const findDepartment = async (db: Executor, id: string): Promise<DepartmentRow | undefined> =>
  (await db.select(DEPARTMENT_COLUMNS).from(departments).where(eq(departments.id, id)))[0];
export const insertDepartment = async (db: Executor, v: { code: string; name: string }) =>
  (await db.insert(departments).values(v).returning({ id: departments.id }))[0]!.id;
export const updateDepartment = async (db: Executor, id: string, v: { code?: string | undefined; name?: string | undefined }) =>
  (await db.update(departments).set(v).where(eq(departments.id, id)).returning({ id: departments.id })).length > 0;
export const deleteDepartment = async (db: Executor, id: string) =>
  (await db.delete(departments).where(eq(departments.id, id)).returning({ id: departments.id })).length > 0;
/** Departments (id, code, name) by id (all when `ids` is undefined), by code. */
export const departmentRefs = (db: Executor, ids?: readonly string[]): Promise<Array<{ id: string; code: string; name: string }>> =>
  ids !== undefined && ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: departments.id, code: departments.code, name: departments.name })
        .from(departments)
        .where(ids ? inArray(departments.id, [...ids]) : undefined)
        .orderBy(asc(departments.code));
/** Department ids by code (upper-case). */
export const departmentIdsByCode = async (db: Executor) => new Map((await db.select({ id: departments.id, code: departments.code }).from(departments)).map((r) => [r.code, r.id]));

// Subjects ------------------------------------------------------------------------------------

const SUBJECT_COLUMNS = {
  id: subjects.id,
  code: subjects.code,
  name: subjects.name,
  departmentId: subjects.departmentId,
  department: departments.code,
  semester: subjects.semester,
  credits: subjects.credits,
};
export type SubjectRow = { id: string; code: string; name: string; departmentId: string; department: string; semester: number; credits: number };

export async function listSubjects(db: Executor, f: { departmentId?: string | undefined; semester?: number | undefined; q?: string | undefined; page: number; pageSize: number }) {
  const where: SQL[] = [];
  if (f.departmentId) where.push(eq(subjects.departmentId, f.departmentId));
  if (f.semester) where.push(eq(subjects.semester, f.semester));
  if (f.q) where.push(or(ilike(subjects.code, containing(f.q)), ilike(subjects.name, containing(f.q)))!);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(SUBJECT_COLUMNS).from(subjects).innerJoin(departments, eq(departments.id, subjects.departmentId)).where(cond).orderBy(asc(subjects.code)).limit(page(f).limit).offset(page(f).offset),
    db.select({ n: count() }).from(subjects).where(cond),
  ]);
  return { rows: rows as SubjectRow[], total: total?.n ?? 0 };
}
export const findSubject = async (db: Executor, id: string): Promise<SubjectRow | undefined> =>
  (await db.select(SUBJECT_COLUMNS).from(subjects).innerJoin(departments, eq(departments.id, subjects.departmentId)).where(eq(subjects.id, id)))[0];
export type SubjectValues = { code: string; name: string; departmentId: string; semester: number; credits: number };
export const insertSubjects = async (db: Executor, list: SubjectValues[]) =>
  list.length ? (await db.insert(subjects).values(list).returning({ id: subjects.id })).map((r) => r.id) : [];
export const updateSubject = async (db: Executor, id: string, v: Partial<SubjectValues>) =>
  (await db.update(subjects).set(v).where(eq(subjects.id, id)).returning({ id: subjects.id })).length > 0;
export const deleteSubject = async (db: Executor, id: string) => (await db.delete(subjects).where(eq(subjects.id, id)).returning({ id: subjects.id })).length > 0;
/** Subject ids by code (upper-case). */
export const subjectIdsByCode = async (db: Executor) => new Map((await db.select({ id: subjects.id, code: subjects.code }).from(subjects)).map((r) => [r.code, r.id]));

// Sections ------------------------------------------------------------------------------------

const SECTION_COLUMNS = {
  id: sections.id,
  name: sections.name,
  departmentId: sections.departmentId,
  department: departments.code,
  semester: sections.semester,
  academicYear: sections.academicYear,
  students: sql<number>`(select count(*)::int from section_students ss where ss.section_id = "sections"."id")`,
};
export type SectionRow = { id: string; name: string; departmentId: string; department: string; semester: number; academicYear: string; students: number };

export async function listSections(db: Executor, f: { departmentId?: string | undefined; semester?: number | undefined; academicYear?: string | undefined; q?: string | undefined; page: number; pageSize: number }) {
  const where: SQL[] = [];
  if (f.departmentId) where.push(eq(sections.departmentId, f.departmentId));
  if (f.semester) where.push(eq(sections.semester, f.semester));
  if (f.academicYear) where.push(eq(sections.academicYear, f.academicYear));
  if (f.q) where.push(ilike(sections.name, containing(f.q)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(SECTION_COLUMNS)
      .from(sections)
      .innerJoin(departments, eq(departments.id, sections.departmentId))
      .where(cond)
      .orderBy(sql`${sections.academicYear} desc`, asc(sections.name))
      .limit(page(f).limit)
      .offset(page(f).offset),
    db.select({ n: count() }).from(sections).where(cond),
  ]);
  return { rows: rows as SectionRow[], total: total?.n ?? 0 };
}
export const findSection = async (db: Executor, id: string): Promise<SectionRow | undefined> =>
  (await db.select(SECTION_COLUMNS).from(sections).innerJoin(departments, eq(departments.id, sections.departmentId)).where(eq(sections.id, id)))[0];
export type SectionValues = { name: string; departmentId: string; semester: number; academicYear: string };
export const insertSections = async (db: Executor, list: SectionValues[]) =>
  list.length ? (await db.insert(sections).values(list).returning({ id: sections.id })).map((r) => r.id) : [];
export const updateSection = async (db: Executor, id: string, v: Partial<SectionValues>) =>
  (await db.update(sections).set(v).where(eq(sections.id, id)).returning({ id: sections.id })).length > 0;
export const deleteSection = async (db: Executor, id: string) => (await db.delete(sections).where(eq(sections.id, id)).returning({ id: sections.id })).length > 0;
/** Section ids by `NAME|year`. */
export const sectionIdsByKey = async (db: Executor) =>
  new Map((await db.select({ id: sections.id, name: sections.name, year: sections.academicYear }).from(sections)).map((r) => [`${r.name}|${r.year}`, r.id]));

// Enrolment -----------------------------------------------------------------------------------

export const sectionStudentIds = async (db: Executor, sectionId: string) =>
  (await db.select({ id: sectionStudents.studentId }).from(sectionStudents).where(eq(sectionStudents.sectionId, sectionId))).map((r) => r.id);
/** Enrols; answers how many were new (already enrolled ones are kept once). */
export async function enrol(db: Executor, rows: Array<{ sectionId: string; studentId: string }>) {
  if (rows.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    n += (await db.insert(sectionStudents).values(rows.slice(i, i + 1000)).onConflictDoNothing().returning({ id: sectionStudents.studentId })).length;
  }
  return n;
}
export const unenrol = async (db: Executor, sectionId: string, studentId: string) =>
  (await db.delete(sectionStudents).where(and(eq(sectionStudents.sectionId, sectionId), eq(sectionStudents.studentId, studentId))).returning({ id: sectionStudents.studentId })).length > 0;
/** The sections a student is enrolled in. */
export const sectionsOfStudent = async (db: Executor, studentId: string) =>
  (await db.select({ id: sectionStudents.sectionId }).from(sectionStudents).where(eq(sectionStudents.studentId, studentId))).map((r) => r.id);
export const enrolmentKeys = async (db: Executor, sectionId: string) => new Set(await sectionStudentIds(db, sectionId));

/** Subjects by id (for modules that keep their ids: exams, materials). */
export const subjectsByIds = async (db: Executor, ids: string[]): Promise<SubjectRow[]> =>
  ids.length ? ((await db.select(SUBJECT_COLUMNS).from(subjects).innerJoin(departments, eq(departments.id, subjects.departmentId)).where(inArray(subjects.id, ids))) as SubjectRow[]) : [];
/** Every subject, by code. */
export const allSubjects = (db: Executor): Promise<SubjectRow[]> =>
  db.select(SUBJECT_COLUMNS).from(subjects).innerJoin(departments, eq(departments.id, subjects.departmentId)).orderBy(asc(subjects.code)) as Promise<SubjectRow[]>;
export const sectionsByIds = async (db: Executor, ids: string[]): Promise<SectionRow[]> =>
  ids.length ? ((await db.select(SECTION_COLUMNS).from(sections).innerJoin(departments, eq(departments.id, sections.departmentId)).where(inArray(sections.id, ids))) as SectionRow[]) : [];

/** What a section is (a person's record names it so, decision 0036): with its department's code and name. */
export type SectionRef = { id: string; name: string; departmentId: string; departmentCode: string; departmentName: string; academicYear: string; semester: number };
const SECTION_REF_COLUMNS = {
  id: sections.id,
  name: sections.name,
  departmentId: sections.departmentId,
  departmentCode: departments.code,
  departmentName: departments.name,
  academicYear: sections.academicYear,
  semester: sections.semester,
};
/** Sections by id (all when `ids` is undefined), newest academic year first, then by department code and name. */
export const sectionRefs = (db: Executor, ids?: readonly string[]): Promise<SectionRef[]> =>
  ids !== undefined && ids.length === 0
    ? Promise.resolve([])
    : db
        .select(SECTION_REF_COLUMNS)
        .from(sections)
        .innerJoin(departments, eq(departments.id, sections.departmentId))
        .where(ids ? inArray(sections.id, [...ids]) : undefined)
        .orderBy(sql`${sections.academicYear} desc`, asc(departments.code), asc(sections.name));
/** The sections of each listed student, by section name: one row per enrolment. */
export const sectionRefsOfStudents = (db: Executor, studentIds: readonly string[]): Promise<Array<SectionRef & { studentId: string }>> =>
  studentIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ studentId: sectionStudents.studentId, ...SECTION_REF_COLUMNS })
        .from(sectionStudents)
        .innerJoin(sections, eq(sections.id, sectionStudents.sectionId))
        .innerJoin(departments, eq(departments.id, sections.departmentId))
        .where(inArray(sectionStudents.studentId, [...studentIds]))
        .orderBy(asc(sections.name));

// Teaching assignments ------------------------------------------------------------------------

const ASSIGNMENT_COLUMNS = {
  id: teachingAssignments.id,
  teacherId: teachingAssignments.teacherId,
  subjectId: teachingAssignments.subjectId,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  credits: subjects.credits,
  semester: subjects.semester,
  sectionId: teachingAssignments.sectionId,
  section: sections.name,
  academicYear: sections.academicYear,
  students: sql<number>`(select count(*)::int from section_students ss where ss.section_id = "teaching_assignments"."section_id")`,
};
export type AssignmentRow = {
  id: string;
  teacherId: string;
  subjectId: string;
  subjectCode: string;
  subjectName: string;
  credits: number;
  semester: number;
  sectionId: string;
  section: string;
  academicYear: string;
  students: number;
};
const assignmentsFrom = (db: Executor) =>
  db
    .select(ASSIGNMENT_COLUMNS)
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(sections, eq(sections.id, teachingAssignments.sectionId));

/** `taughtToStudent`: the assignments of the sections that student studies in now (currentSectionsOfStudent), in the same statement. */
export type AssignmentFilter = { teacherId?: string | undefined; sectionId?: string | undefined; subjectId?: string | undefined; sectionIds?: readonly string[]; taughtToStudent?: string };
function assignmentWhere(f: AssignmentFilter) {
  const where: SQL[] = [];
  if (f.teacherId) where.push(eq(teachingAssignments.teacherId, f.teacherId));
  if (f.sectionId) where.push(eq(teachingAssignments.sectionId, f.sectionId));
  if (f.subjectId) where.push(eq(teachingAssignments.subjectId, f.subjectId));
  if (f.sectionIds) where.push(f.sectionIds.length ? inArray(teachingAssignments.sectionId, [...f.sectionIds]) : sql`false`);
  if (f.taughtToStudent)
    where.push(
      sql`${teachingAssignments.sectionId} in (select ss.section_id from section_students ss where ss.student_id = ${f.taughtToStudent}
            and not exists (select 1 from rollover_students rs where rs.student_id = ss.student_id and rs.from_section_id = ss.section_id and rs.action = 'promote'))`,
    );
  return where.length ? and(...where) : undefined;
}
export async function listAssignments(db: Executor, f: AssignmentFilter & { page: number; pageSize: number }) {
  const cond = assignmentWhere(f);
  const [rows, [total]] = await Promise.all([
    assignmentsFrom(db).where(cond).orderBy(asc(subjects.code), asc(sections.name)).limit(page(f).limit).offset(page(f).offset),
    db.select({ n: count() }).from(teachingAssignments).where(cond),
  ]);
  return { rows: rows as AssignmentRow[], total: total?.n ?? 0 };
}
/** Every assignment matching `f` (no paging: a teacher's, a section's or the college's), by subject code and section. */
export const allAssignments = (db: Executor, f: AssignmentFilter): Promise<AssignmentRow[]> =>
  assignmentsFrom(db).where(assignmentWhere(f)).orderBy(asc(subjects.code), asc(sections.name)) as Promise<AssignmentRow[]>;
/**
 * Each distinct subject + section pair with its subject (code, name, credits, semester), its section
 * (name, semester, roster size) and the teacher of that pair if anyone teaches it: one statement, so
 * a page naming exams costs one round trip here (pairs naming an unknown subject or section are left out).
 */
export async function assignmentInfoOfPairs(db: Executor, pairs: ReadonlyArray<{ subjectId: string; sectionId: string }>) {
  if (pairs.length === 0) return [];
  const subjectIds = sql.param(pairs.map((p) => p.subjectId));
  const sectionIds = sql.param(pairs.map((p) => p.sectionId));
  return queryRows<{ subjectId: string; sectionId: string; subjectCode: string; subjectName: string; credits: number; semester: number; section: string; sectionSemester: number; teacherId: string | null; students: number }>(
    db,
    sql`select p.subject_id as "subjectId", p.section_id as "sectionId", su.code as "subjectCode", su.name as "subjectName", su.credits::int as "credits",
               su.semester::int as "semester", se.name as "section", se.semester::int as "sectionSemester", ta.teacher_id as "teacherId",
               (select count(*)::int from section_students ss where ss.section_id = se.id) as "students"
        from (select distinct subject_id, section_id from unnest(${subjectIds}::uuid[], ${sectionIds}::uuid[]) as u(subject_id, section_id)) p
        join subjects su on su.id = p.subject_id
        join sections se on se.id = p.section_id
        left join teaching_assignments ta on ta.subject_id = p.subject_id and ta.section_id = p.section_id`,
  );
}
/** Whether any assignment matches `f`. */
export const anyAssignment = async (db: Executor, f: AssignmentFilter): Promise<boolean> =>
  (await db.select({ id: teachingAssignments.id }).from(teachingAssignments).where(assignmentWhere(f)).limit(1)).length > 0;
/** The summary's lean read: id, subject code and section name of a teacher's (or every) assignment, one statement. */
const labelsQuery = (db: Executor) =>
  db
    .select({ id: teachingAssignments.id, subjectCode: subjects.code, section: sections.name })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(sections, eq(sections.id, teachingAssignments.sectionId));
/** A teacher's labels as a prepared statement per database (the summary runs it on every dashboard load). */
const preparedLabels = new WeakMap<object, ReturnType<typeof prepareLabels>>();
const prepareLabels = (db: Executor) =>
  labelsQuery(db)
    .where(eq(teachingAssignments.teacherId, sql.placeholder('teacherId')))
    .orderBy(asc(subjects.code), asc(sections.name))
    .prepare('academics_assignment_labels');
export function assignmentLabels(db: Executor, teacherId: string | undefined) {
  if (!teacherId) return labelsQuery(db).orderBy(asc(subjects.code), asc(sections.name));
  let q = preparedLabels.get(db);
  if (!q) preparedLabels.set(db, (q = prepareLabels(db)));
  return q.execute({ teacherId });
}
export const findAssignment = async (db: Executor, id: string): Promise<AssignmentRow | undefined> => (await assignmentsFrom(db).where(eq(teachingAssignments.id, id)))[0];
export type AssignmentValues = { teacherId: string; subjectId: string; sectionId: string };
export const insertAssignments = async (db: Executor, list: AssignmentValues[]) =>
  list.length ? (await db.insert(teachingAssignments).values(list).returning({ id: teachingAssignments.id })).map((r) => r.id) : [];
export const updateAssignment = async (db: Executor, id: string, v: Partial<AssignmentValues>) =>
  (await db.update(teachingAssignments).set(v).where(eq(teachingAssignments.id, id)).returning({ id: teachingAssignments.id })).length > 0;
export const deleteAssignment = async (db: Executor, id: string) =>
  (await db.delete(teachingAssignments).where(eq(teachingAssignments.id, id)).returning({ id: teachingAssignments.id })).length > 0;
/** Assignment id by `SUBJECTCODE|SECTION|year`. */
export const assignmentIdsByKey = async (db: Executor) =>
  new Map(
    (
      await db
        .select({ id: teachingAssignments.id, teacherId: teachingAssignments.teacherId, sectionId: teachingAssignments.sectionId, code: subjects.code, section: sections.name, year: sections.academicYear })
        .from(teachingAssignments)
        .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
        .innerJoin(sections, eq(sections.id, teachingAssignments.sectionId))
    ).map((r) => [`${r.code}|${r.section}|${r.year}`, { id: r.id, teacherId: r.teacherId, sectionId: r.sectionId }]),
  );

// Timetable -----------------------------------------------------------------------------------

const SLOT_COLUMNS = {
  id: timetableSlots.id,
  assignmentId: timetableSlots.assignmentId,
  weekday: timetableSlots.weekday,
  startMin: timetableSlots.startMin,
  endMin: timetableSlots.endMin,
  room: timetableSlots.room,
  teacherId: timetableSlots.teacherId,
  sectionId: timetableSlots.sectionId,
  section: sections.name,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  updatedAt: timetableSlots.updatedAt,
};
export type SlotRow = {
  id: string;
  assignmentId: string;
  weekday: number;
  startMin: number;
  endMin: number;
  room: string;
  teacherId: string;
  sectionId: string;
  section: string;
  subjectCode: string;
  subjectName: string;
  /** The slot's last change (the iCal feed's SEQUENCE). */
  updatedAt: Date;
};
const slotsFrom = (db: Executor) =>
  db
    .select(SLOT_COLUMNS)
    .from(timetableSlots)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, timetableSlots.assignmentId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(sections, eq(sections.id, timetableSlots.sectionId));

export type SlotFilter = {
  sectionId?: string | undefined;
  sectionIds?: string[];
  teacherId?: string | undefined;
  assignmentId?: string | undefined;
  weekday?: number | undefined;
  room?: string | undefined;
};
function slotWhere(f: SlotFilter) {
  const where: SQL[] = [];
  if (f.sectionId) where.push(eq(timetableSlots.sectionId, f.sectionId));
  if (f.sectionIds) where.push(f.sectionIds.length ? inArray(timetableSlots.sectionId, f.sectionIds) : sql`false`);
  if (f.teacherId) where.push(eq(timetableSlots.teacherId, f.teacherId));
  if (f.assignmentId) where.push(eq(timetableSlots.assignmentId, f.assignmentId));
  if (f.weekday) where.push(eq(timetableSlots.weekday, f.weekday));
  if (f.room) where.push(sql`lower(${timetableSlots.room}) = lower(${f.room})`);
  return where.length ? and(...where) : undefined;
}
export async function listSlots(db: Executor, f: SlotFilter & { page: number; pageSize: number }) {
  const cond = slotWhere(f);
  const [rows, [total]] = await Promise.all([
    slotsFrom(db)
      .where(cond)
      .orderBy(asc(timetableSlots.weekday), asc(timetableSlots.startMin), asc(sections.name))
      .limit(page(f).limit)
      .offset(page(f).offset),
    db.select({ n: count() }).from(timetableSlots).where(cond),
  ]);
  return { rows: rows as SlotRow[], total: total?.n ?? 0 };
}
/** Every slot matching `f`, by weekday and start (no paging: a week of one person or section). */
export const allSlots = async (db: Executor, f: SlotFilter): Promise<SlotRow[]> =>
  slotsFrom(db).where(slotWhere(f)).orderBy(asc(timetableSlots.weekday), asc(timetableSlots.startMin), asc(sections.name));
export const findSlot = async (db: Executor, id: string): Promise<SlotRow | undefined> => (await slotsFrom(db).where(eq(timetableSlots.id, id)))[0];
export type SlotValues = { assignmentId: string; teacherId: string; sectionId: string; weekday: number; startMin: number; endMin: number; room: string };
export const insertSlots = async (db: Executor, list: SlotValues[]) =>
  list.length ? (await db.insert(timetableSlots).values(list).returning({ id: timetableSlots.id })).map((r) => r.id) : [];
export const updateSlot = async (db: Executor, id: string, v: Partial<SlotValues>) =>
  (await db.update(timetableSlots).set({ ...v, updatedAt: sql`now()` }).where(eq(timetableSlots.id, id)).returning({ id: timetableSlots.id })).length > 0;
export const deleteSlot = async (db: Executor, id: string) => (await db.delete(timetableSlots).where(eq(timetableSlots.id, id)).returning({ id: timetableSlots.id })).length > 0;
/** Every stored slot's booking facts (for an import's double-booking check). */
export const slotBookings = (db: Executor) =>
  db
    .select({ assignmentId: timetableSlots.assignmentId, teacherId: timetableSlots.teacherId, sectionId: timetableSlots.sectionId, weekday: timetableSlots.weekday, startMin: timetableSlots.startMin, endMin: timetableSlots.endMin, room: timetableSlots.room })
    .from(timetableSlots);

// Analytics and reports (issue 14) ------------------------------------------------------------

/** Students enrolled (by `asOf`) in each department's sections; every department, also those with none. */
export const enrolmentByDepartment = (db: Executor, asOf: string) =>
  db
    .select({
      code: departments.code,
      name: departments.name,
      students: sql<number>`count(distinct ${sectionStudents.studentId})::int`,
    })
    .from(departments)
    .leftJoin(sections, eq(sections.departmentId, departments.id))
    .leftJoin(sectionStudents, and(eq(sectionStudents.sectionId, sections.id), sql`${sectionStudents.enrolledAt} < (${asOf}::date + 1)`))
    .groupBy(departments.id)
    .orderBy(asc(departments.code));

/** Every teaching assignment with its section's department (code, name). */
export const assignmentDepartments = (db: Executor) =>
  db
    .select({ id: teachingAssignments.id, code: departments.code, name: departments.name })
    .from(teachingAssignments)
    .innerJoin(sections, eq(sections.id, teachingAssignments.sectionId))
    .innerJoin(departments, eq(departments.id, sections.departmentId));

// Semester rollover (issue 27 item 4, decision 0045) -------------------------------------------

/** The sections of a term: `academicYear`'s odd (1, 3, 5 …) or even semesters. */
export const termSectionRefs = (db: Executor, academicYear: string, term: 'odd' | 'even'): Promise<SectionRef[]> =>
  db
    .select(SECTION_REF_COLUMNS)
    .from(sections)
    .innerJoin(departments, eq(departments.id, sections.departmentId))
    .where(and(eq(sections.academicYear, academicYear), sql`${sections.semester} % 2 = ${term === 'odd' ? 1 : 0}`))
    .orderBy(asc(departments.code), asc(sections.semester), asc(sections.name));
/** Sections by `NAME|year` among `keys` (the next term's sections that exist already). */
export const sectionsByKeys = async (db: Executor, keys: ReadonlyArray<{ name: string; academicYear: string }>) => {
  if (keys.length === 0) return new Map<string, { id: string; departmentId: string; semester: number }>();
  const rows = await db
    .select({ id: sections.id, name: sections.name, year: sections.academicYear, departmentId: sections.departmentId, semester: sections.semester })
    .from(sections)
    .where(and(inArray(sections.name, [...new Set(keys.map((k) => k.name))]), inArray(sections.academicYear, [...new Set(keys.map((k) => k.academicYear))])));
  return new Map(rows.map((r) => [`${r.name}|${r.year}`, r]));
};
/** A recorded rollover of a term (or by id). */
export const findRollover = async (db: Executor, by: { academicYear: string; term: string } | { id: string }) =>
  (
    await db
      .select()
      .from(rolloverRuns)
      .where('id' in by ? eq(rolloverRuns.id, by.id) : and(eq(rolloverRuns.academicYear, by.academicYear), eq(rolloverRuns.term, by.term)))
  )[0];
/** Records a run first thing in its transaction: a concurrent run of the same term waits on the key, then fails (unique violation). */
export const insertRollover = async (db: Executor, v: { academicYear: string; term: string; summary: RolloverPlan; ranBy: string | null; ranAt?: Date }) =>
  (await db.insert(rolloverRuns).values(v).returning({ id: rolloverRuns.id, ranAt: rolloverRuns.ranAt }))[0]!;
export const saveRolloverSummary = (db: Executor, id: string, summary: RolloverPlan) => db.update(rolloverRuns).set({ summary }).where(eq(rolloverRuns.id, id));
export type RolloverStudentValues = typeof rolloverStudents.$inferInsert;
export async function insertRolloverStudents(db: Executor, rows: RolloverStudentValues[]) {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(rolloverStudents).values(rows.slice(i, i + 2000));
}
/** Whether the student graduated in a recorded rollover. */
export const isGraduate = async (db: Executor, studentId: string) =>
  (await db.select({ id: rolloverStudents.studentId }).from(rolloverStudents).where(and(eq(rolloverStudents.studentId, studentId), eq(rolloverStudents.action, 'graduate'))).limit(1)).length > 0;
/** The graduates of a batch ("2023-2027"), each with the department of the section they graduated from. */
export const graduatesOfBatch = (db: Executor, batch: string) =>
  db
    .select({ studentId: rolloverStudents.studentId, batch: sql<string>`${rolloverStudents.batch}`, graduationYear: sql<number>`${rolloverStudents.graduationYear}`, department: sql<string | null>`${departments.name}` })
    .from(rolloverStudents)
    .leftJoin(sections, eq(sections.id, rolloverStudents.fromSectionId))
    .leftJoin(departments, eq(departments.id, sections.departmentId))
    .where(and(eq(rolloverStudents.action, 'graduate'), eq(rolloverStudents.batch, batch)));
/**
 * The sections a student studies in now: their enrolments less the sections a recorded rollover
 * promoted them out of (their closed terms, whose results stay readable through the enrolment).
 */
export const currentSectionsOfStudent = async (db: Executor, studentId: string) =>
  (
    await db
      .select({ id: sectionStudents.sectionId })
      .from(sectionStudents)
      .where(
        and(
          eq(sectionStudents.studentId, studentId),
          sql`not exists (select 1 from rollover_students rs where rs.student_id = ${sectionStudents.studentId} and rs.from_section_id = ${sectionStudents.sectionId} and rs.action = 'promote')`,
        ),
      )
  ).map((r) => r.id);
/** The distinct subjects taught in the sections a student studies in now (currentSectionsOfStudent), in one statement. */
export const currentSubjectsOfStudent = async (db: Executor, studentId: string) =>
  (
    await db
      .selectDistinct({ id: teachingAssignments.subjectId })
      .from(teachingAssignments)
      .innerJoin(sectionStudents, eq(sectionStudents.sectionId, teachingAssignments.sectionId))
      .where(
        and(
          eq(sectionStudents.studentId, studentId),
          sql`not exists (select 1 from rollover_students rs where rs.student_id = ${sectionStudents.studentId} and rs.from_section_id = ${sectionStudents.sectionId} and rs.action = 'promote')`,
        ),
      )
  ).map((r) => r.id);
/**
 * A person's enrolled and taught sections (with each section's department) and the subjects they
 * teach (with each subject's department), in one statement: `section` rows and `subject` rows.
 */
export const affiliationRows = (db: Executor, userId: string) =>
  queryRows<{ kind: 'section' | 'subject'; id: string; departmentId: string }>(
    db,
    sql`with taught as (select section_id, subject_id from teaching_assignments where teacher_id = ${userId}),
             secs as (select section_id from section_students where student_id = ${userId} union select section_id from taught)
        select 'section' as "kind", s.id as "id", s.department_id as "departmentId" from sections s where s.id in (select section_id from secs)
        union all
        select 'subject', su.id, su.department_id from subjects su where su.id in (select subject_id from taught)`,
  );
