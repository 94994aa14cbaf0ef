import { sql } from 'drizzle-orm';
import { MSG } from '@crs/shared/messages';
import { hasAnyRole } from '@crs/shared/roles';
import { classLabel, hhmmOf, minutesOf, WEEKDAY_SHORT } from '@crs/shared/schemas/academics';
import type {
  CreateAssignmentInput,
  CreateDepartmentInput,
  CreateSectionInput,
  CreateSlotInput,
  CreateSubjectInput,
  ListAssignmentsQuery,
  ListSectionsQuery,
  ListSlotsQuery,
  ListSubjectsQuery,
  UpdateAssignmentInput,
  UpdateDepartmentInput,
  UpdateSectionInput,
  UpdateSlotInput,
  UpdateSubjectInput,
} from '@crs/shared/schemas/academics';
import type { AppContext } from '../../context.ts';
import { exclusionViolation, isForeignKeyViolation, uniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import type { AppError } from '../../lib/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome, ImportSpec } from '../../lib/import/pipeline.ts';
import { UUID } from '../../lib/patterns.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as audit from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as users from '../users/users.service.ts';
import { assignmentImport, departmentImport, enrolmentImport, sectionImport, subjectImport, timetableImport } from './academics.import.ts';
import { presentAssignment, presentDepartment, presentSection, presentSlot, presentStudent, presentSubject } from './academics.presenter.ts';
import type { PersonCard } from './academics.presenter.ts';
import * as repo from './academics.repository.ts';
import type { AssignmentRow, SectionRef, SlotRow } from './academics.repository.ts';

export type { AssignmentRow, SectionRef, SlotRow } from './academics.repository.ts';

// The academic structure's public API (decision 0023). Admin-only writes are guarded by the
// routes' access lists; ownership (a teacher's own classes, a student's own sections) is here.

/** Database refusals → 409 with the texts the admin screen shows; anything else is rethrown. */
function refusal(err: unknown): never {
  const excl = exclusionViolation(err);
  if (excl !== undefined) {
    if (excl.includes('teacher')) throw conflict(MSG.teacherDoubleBooked, 'TEACHER_DOUBLE_BOOKED');
    if (excl.includes('section')) throw conflict(MSG.sectionDoubleBooked, 'SECTION_DOUBLE_BOOKED');
    throw conflict(MSG.roomDoubleBooked, 'ROOM_DOUBLE_BOOKED');
  }
  const uniq = uniqueViolation(err);
  if (uniq !== undefined) {
    if (uniq.startsWith('departments')) throw conflict(MSG.departmentCodeTaken, 'DEPARTMENT_CODE_TAKEN');
    if (uniq.startsWith('subjects')) throw conflict(MSG.subjectCodeTaken, 'SUBJECT_CODE_TAKEN');
    if (uniq.startsWith('sections')) throw conflict(MSG.sectionNameTaken, 'SECTION_NAME_TAKEN');
    if (uniq.startsWith('teaching_assignments')) throw conflict(MSG.assignmentTaken, 'ASSIGNMENT_TAKEN');
  }
  throw err;
}
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    refusal(err);
  }
}
/**
 * Deletes in one transaction with its audit entry ('record.deleted', decision 0032): `work` deletes
 * and answers the record's label, or undefined when there was none (→ `missing`). A delete refused
 * by a foreign key (still in use) → 409 `inUse`, and no entry.
 */
async function deleting(ctx: AppContext, p: Principal, target: { type: string; id: string }, work: (tx: Executor) => Promise<string | undefined>, missing: AppError, inUse?: { message: string; code: string }) {
  try {
    await ctx.db.transaction(async (tx) => {
      const label = await work(tx);
      if (label === undefined) throw missing;
      await audit.record(ctx, p, { action: 'record.deleted', target: { ...target, label } }, tx);
    });
  } catch (err) {
    if (inUse && isForeignKeyViolation(err)) throw conflict(inUse.message, inUse.code);
    throw err;
  }
}
/** The label of the row `find` answers, once `remove` has deleted it; undefined when either found nothing. */
const labelOfDeleted =
  <R>(find: (tx: Executor) => Promise<R | undefined>, remove: (tx: Executor) => Promise<boolean>, label: (row: R) => string) =>
  async (tx: Executor): Promise<string | undefined> => {
    const row = await find(tx);
    return row !== undefined && (await remove(tx)) ? label(row) : undefined;
  };
const fieldError = (path: string, message: string, code: string) => badRequest(message, code, [{ path, message }]);

async function requireDepartment(db: Executor, id: string) {
  if (!(await repo.findDepartment(db, id))) throw fieldError('departmentId', MSG.departmentNotFound, 'DEPARTMENT_NOT_FOUND');
}

async function peopleCards(ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db): Promise<Map<string, PersonCard>> {
  return (await users.usersByIds(ctx, ids, tx)) as Map<string, PersonCard>;
}

// Departments ---------------------------------------------------------------------------------

/** Every department by code, with its number of subjects and sections. */
export async function listDepartments(ctx: AppContext) {
  const rows = await repo.listDepartments(ctx.db);
  return { departments: rows.map(presentDepartment), total: rows.length };
}
/** Creates a department; 409 when the code is taken. */
export async function createDepartment(ctx: AppContext, v: CreateDepartmentInput) {
  const id = await guarded(() => repo.insertDepartment(ctx.db, v));
  return presentDepartment((await repo.findDepartment(ctx.db, id))!);
}
/** Renames or recodes a department; 404 unknown, 409 code taken. */
export async function updateDepartment(ctx: AppContext, id: string, v: UpdateDepartmentInput) {
  const changed = await ctx.db.transaction(async (tx) => {
    if (!(await guarded(() => repo.updateDepartment(tx, id, v)))) throw notFound(MSG.departmentNotFound, 'DEPARTMENT_NOT_FOUND');
    // People of the department show its name (decision 0036).
    return v.name ? users.departmentRenamed(ctx, id, v.name, tx) : [];
  });
  await users.usersChanged(ctx, changed);
  return presentDepartment((await repo.findDepartment(ctx.db, id))!);
}
/** Deletes a department without subjects or sections (409 otherwise). */
export const deleteDepartment = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'department', id },
    labelOfDeleted((tx) => repo.findDepartment(tx, id), (tx) => repo.deleteDepartment(tx, id), (d) => `${d.code} ${d.name}`),
    notFound(MSG.departmentNotFound, 'DEPARTMENT_NOT_FOUND'),
    { message: MSG.departmentInUse, code: 'DEPARTMENT_IN_USE' },
  );

// Subjects ------------------------------------------------------------------------------------

export async function listSubjects(ctx: AppContext, q: ListSubjectsQuery) {
  const { rows, total } = await repo.listSubjects(ctx.db, q);
  return { subjects: rows.map(presentSubject), total };
}
/** Creates a subject; 400 unknown department, 409 code taken. */
export async function createSubject(ctx: AppContext, v: CreateSubjectInput) {
  await requireDepartment(ctx.db, v.departmentId);
  const [id] = await guarded(() => repo.insertSubjects(ctx.db, [v]));
  return presentSubject((await repo.findSubject(ctx.db, id!))!);
}
export async function updateSubject(ctx: AppContext, id: string, v: UpdateSubjectInput) {
  if (v.departmentId) await requireDepartment(ctx.db, v.departmentId);
  if (!(await guarded(() => repo.updateSubject(ctx.db, id, v)))) throw notFound(MSG.subjectNotFound, 'SUBJECT_NOT_FOUND');
  return presentSubject((await repo.findSubject(ctx.db, id))!);
}
/** Deletes a subject no section is taught (409 otherwise). */
export const deleteSubject = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'subject', id },
    labelOfDeleted((tx) => repo.findSubject(tx, id), (tx) => repo.deleteSubject(tx, id), (s) => `${s.code} ${s.name}`),
    notFound(MSG.subjectNotFound, 'SUBJECT_NOT_FOUND'),
    { message: MSG.subjectInUse, code: 'SUBJECT_IN_USE' },
  );

// Sections ------------------------------------------------------------------------------------

export async function listSections(ctx: AppContext, q: ListSectionsQuery) {
  const { rows, total } = await repo.listSections(ctx.db, q);
  return { sections: rows.map(presentSection), total };
}
/** Creates a section; 400 unknown department, 409 name taken in that academic year. */
export async function createSection(ctx: AppContext, v: CreateSectionInput) {
  await requireDepartment(ctx.db, v.departmentId);
  const [id] = await guarded(() => repo.insertSections(ctx.db, [v]));
  return presentSection((await repo.findSection(ctx.db, id!))!);
}
/** Changes a section; its students' records show the new name and department (decision 0036). */
export async function updateSection(ctx: AppContext, id: string, v: UpdateSectionInput) {
  if (v.departmentId) await requireDepartment(ctx.db, v.departmentId);
  const changed = await ctx.db.transaction(async (tx) => {
    if (!(await guarded(() => repo.updateSection(tx, id, v)))) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
    const ref = (await repo.sectionRefs(tx, [id]))[0]!;
    return users.sectionRenamed(ctx, id, { name: ref.name, departmentId: ref.departmentId, department: ref.departmentName }, tx);
  });
  await users.usersChanged(ctx, changed);
  return presentSection((await repo.findSection(ctx.db, id))!);
}
/** Deletes a section without teaching assignments (409 otherwise); its roster goes with it. */
export const deleteSection = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'section', id },
    labelOfDeleted(
      (tx) => repo.findSection(tx, id),
      // Its students' records lose the section with the roster (decision 0036).
      async (tx) => (await users.sectionLeft(ctx, id, undefined, tx), repo.deleteSection(tx, id)),
      (s) => `${s.name} ${s.academicYear}`,
    ),
    notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND'),
    { message: MSG.sectionInUse, code: 'SECTION_IN_USE' },
  );

// Enrolment -----------------------------------------------------------------------------------

/** The roster of a section: id, name, email and roll number (student ID), by roll number. */
export async function sectionRoster(ctx: AppContext, sectionId: string, tx: Executor = ctx.db): Promise<Array<{ id: string; name: string; email: string; studentId: string | null }>> {
  const ids = await repo.sectionStudentIds(tx, sectionId);
  const people = await users.usersByIds(ctx, ids, tx);
  return [...people.values()]
    .map((p) => ({ id: p.id, name: p.name, email: p.email, studentId: p.studentId }))
    .sort((a, b) => (a.studentId ?? '~').localeCompare(b.studentId ?? '~') || a.name.localeCompare(b.name));
}
export async function listSectionStudents(ctx: AppContext, sectionId: string) {
  if (!(await repo.findSection(ctx.db, sectionId))) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  const roster = await sectionRoster(ctx, sectionId);
  return { students: roster.map(presentStudent), total: roster.length };
}
/** Enrols active students (400 naming any id that is not one); already enrolled ones stay once; each new enrolment is audited, and a student without a section gets this one (decision 0036). */
export async function enrolStudents(ctx: AppContext, p: Principal, sectionId: string, studentIds: string[]) {
  if (!(await repo.findSection(ctx.db, sectionId))) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  const people = await users.usersByIds(ctx, studentIds);
  const bad = studentIds.findIndex((id) => {
    const p = people.get(id);
    return !p || p.status !== 'active' || !p.roles.includes('Student');
  });
  if (bad >= 0) throw fieldError(`studentIds.${bad}`, MSG.notAStudent(studentIds[bad]!), 'NOT_A_STUDENT');
  const unique = [...new Set(studentIds)];
  const { enrolled, changed } = await ctx.db.transaction((tx) => joinSection(ctx, p, sectionId, unique, 'academics', tx));
  await users.usersChanged(ctx, changed);
  return { enrolled, alreadyEnrolled: unique.length - enrolled };
}
/** Leaves one student's enrolment (the record.deleted entry and an enrolment change); their record loses it when it was their section. */
export const unenrolStudent = (ctx: AppContext, p: Principal, sectionId: string, studentId: string) =>
  deleting(
    ctx,
    p,
    { type: 'enrolment', id: `${sectionId}/${studentId}` },
    labelOfDeleted(
      async (tx) => {
        const [section, student] = await Promise.all([repo.findSection(tx, sectionId), users.usersByIds(ctx, [studentId], tx)]);
        return section && { section, email: student.get(studentId)?.email ?? studentId };
      },
      async (tx) => {
        const before = await enrolmentLabels(tx, studentId);
        if (!(await repo.unenrol(tx, sectionId, studentId))) return false;
        await users.sectionLeft(ctx, sectionId, [studentId], tx);
        const email = (await users.usersByIds(ctx, [studentId], tx)).get(studentId)?.email ?? studentId;
        await recordEnrolment(ctx, p, { id: studentId, email }, before, await enrolmentLabels(tx, studentId), 'academics', tx);
        return true;
      },
      (r) => `${r.email} from ${r.section.name} ${r.section.academicYear}`,
    ),
    notFound(MSG.notEnrolled, 'NOT_ENROLLED'),
  ).then(() => users.userChanged(ctx, studentId));
/** True when the student is on the section's roster. */
export const isEnrolled = async (ctx: AppContext, sectionId: string, studentId: string, tx: Executor = ctx.db) =>
  (await repo.sectionsOfStudent(tx, studentId)).includes(sectionId);

// One student record (decision 0036) ------------------------------------------------------------
// section_students is the truth of enrolment; a Student's record (users.section_id) names their
// home section, always one of their enrolments. People sets and moves it through `moveStudent`;
// enrolments made here keep the record in step (`joinSection`, `unenrolStudent`, renames, deletes).

const sectionLabel = (s: Pick<SectionRef, 'name' | 'academicYear'>) => `${s.name} (${s.academicYear})`;
async function enrolmentLabels(tx: Executor, studentId: string): Promise<string[]> {
  return (await repo.sectionRefs(tx, await repo.sectionsOfStudent(tx, studentId))).map(sectionLabel).sort();
}
/** The 'enrolment.changed' entry: the student's sections before and after (no entry when they are the same). */
async function recordEnrolment(ctx: AppContext, actor: AuditActor, student: { id: string; email: string }, before: string[], after: string[], via: 'people' | 'import' | 'academics', tx: Executor) {
  if (before.join('|') === after.join('|')) return;
  await audit.record(ctx, actor, { action: 'enrolment.changed', target: { type: 'user', id: student.id, label: student.email }, changes: { sections: { from: before, to: after } }, details: { via } }, tx);
}
/** Enrols students in one section inside `tx` with an entry per new enrolment; those without a section get this one. */
async function joinSection(ctx: AppContext, actor: AuditActor, sectionId: string, studentIds: readonly string[], via: 'import' | 'academics', tx: Executor) {
  const ref = (await repo.sectionRefs(tx, [sectionId]))[0]!;
  const already = new Set(await repo.sectionStudentIds(tx, sectionId));
  const fresh = [...new Set(studentIds)].filter((id) => !already.has(id));
  const before = new Map<string, string[]>();
  for (const id of fresh) before.set(id, await enrolmentLabels(tx, id));
  const enrolled = await repo.enrol(
    tx,
    fresh.map((studentId) => ({ sectionId, studentId })),
  );
  const changed = await users.sectionJoined(ctx, fresh, { id: ref.id, name: ref.name, departmentId: ref.departmentId, department: ref.departmentName }, tx);
  const emails = await users.usersByIds(ctx, fresh, tx);
  const label = sectionLabel(ref);
  await audit.recordMany(
    ctx,
    actor,
    fresh.map((id) => {
      const from = before.get(id) ?? [];
      return { action: 'enrolment.changed' as const, target: { type: 'user', id, label: emails.get(id)?.email ?? id }, changes: { sections: { from, to: [...from, label].sort() } }, details: { via } };
    }),
    tx,
  );
  return { enrolled, changed };
}

/** A department by id (code and name); undefined when unknown. */
export async function departmentRef(ctx: AppContext, id: string, tx: Executor = ctx.db): Promise<{ id: string; code: string; name: string } | undefined> {
  const d = await repo.findDepartment(tx, id);
  return d && { id: d.id, code: d.code, name: d.name };
}
/** A section by id with its department's code and name; undefined when unknown. */
export const sectionRef = async (ctx: AppContext, id: string, tx: Executor = ctx.db): Promise<SectionRef | undefined> => (await repo.sectionRefs(tx, [id]))[0];
/** Every department and every section (newest academic year first): what names and codes in a file can match. */
export async function academicDirectory(ctx: AppContext, tx: Executor = ctx.db) {
  const [departments, sections] = await Promise.all([repo.listDepartments(tx), repo.sectionRefs(tx)]);
  return { departments: departments.map((d) => ({ id: d.id, code: d.code, name: d.name })), sections };
}
/**
 * Moves a student's section enrolment from `from` to `to` (either null: none) inside `tx`, with the
 * 'enrolment.changed' entry (sections before and after). Rosters, timetables, attendance lists and
 * placement read section_students, so they see the move at once. The users row is the caller's.
 */
export async function moveStudent(ctx: AppContext, actor: AuditActor, student: { id: string; email: string }, from: string | null, to: string | null, via: 'people' | 'import', tx: Executor): Promise<void> {
  if (from === to) return;
  const before = await enrolmentLabels(tx, student.id);
  if (from) await repo.unenrol(tx, from, student.id);
  if (to) await repo.enrol(tx, [{ sectionId: to, studentId: student.id }]);
  await recordEnrolment(ctx, actor, student, before, await enrolmentLabels(tx, student.id), via, tx);
}
/** Enrols each new student of an import in their section inside `tx`, one entry each. */
export async function enrolImported(ctx: AppContext, actor: AuditActor, list: ReadonlyArray<{ id: string; email: string; sectionId: string }>, tx: Executor): Promise<void> {
  if (list.length === 0) return;
  await repo.enrol(
    tx,
    list.map((s) => ({ sectionId: s.sectionId, studentId: s.id })),
  );
  const refs = new Map((await repo.sectionRefs(tx, [...new Set(list.map((s) => s.sectionId))])).map((r) => [r.id, r]));
  await audit.recordMany(
    ctx,
    actor,
    list.map((s) => ({ action: 'enrolment.changed' as const, target: { type: 'user', id: s.id, label: s.email }, changes: { sections: { from: [], to: [sectionLabel(refs.get(s.sectionId)!)] } }, details: { via: 'import' } })),
    tx,
  );
}

// Teaching assignments ------------------------------------------------------------------------

async function presentAssignments(ctx: AppContext, rows: AssignmentRow[]) {
  const people = await peopleCards(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return rows.map((r) => presentAssignment(r, people));
}
async function requireTeacher(ctx: AppContext, id: string) {
  const p = (await users.usersByIds(ctx, [id])).get(id);
  if (!p || p.status !== 'active' || !p.roles.includes('Teacher')) throw fieldError('teacherId', MSG.teacherNotFound, 'TEACHER_NOT_FOUND');
}
async function requireSubjectAndSection(ctx: AppContext, v: { subjectId?: string | undefined; sectionId?: string | undefined }) {
  if (v.subjectId && !(await repo.findSubject(ctx.db, v.subjectId))) throw fieldError('subjectId', MSG.subjectNotFound, 'SUBJECT_NOT_FOUND');
  if (v.sectionId && !(await repo.findSection(ctx.db, v.sectionId))) throw fieldError('sectionId', MSG.sectionNotFound, 'SECTION_NOT_FOUND');
}
export async function listAssignments(ctx: AppContext, q: ListAssignmentsQuery) {
  const { rows, total } = await repo.listAssignments(ctx.db, q);
  return { assignments: await presentAssignments(ctx, rows), total };
}
/** Creates an assignment; 400 unknown teacher/subject/section, 409 the subject already has a teacher there. */
export async function createAssignment(ctx: AppContext, v: CreateAssignmentInput) {
  await requireTeacher(ctx, v.teacherId);
  await requireSubjectAndSection(ctx, v);
  const [id] = await guarded(() => repo.insertAssignments(ctx.db, [v]));
  return (await presentAssignments(ctx, [(await repo.findAssignment(ctx.db, id!))!]))[0]!;
}
/**
 * Changes teacher, subject or section. The slots follow (composite key, on update cascade), so a
 * new teacher or section already busy at one of them is refused with 409 and nothing changes.
 */
export async function updateAssignment(ctx: AppContext, id: string, v: UpdateAssignmentInput) {
  if (v.teacherId) await requireTeacher(ctx, v.teacherId);
  await requireSubjectAndSection(ctx, v);
  if (!(await guarded(() => repo.updateAssignment(ctx.db, id, v)))) throw notFound(MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND');
  return (await presentAssignments(ctx, [(await repo.findAssignment(ctx.db, id))!]))[0]!;
}
/** Deletes an assignment and its slots; 409 once attendance has been taken for it. */
export const deleteAssignment = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'teaching assignment', id },
    labelOfDeleted((tx) => getAssignment(ctx, id, tx), (tx) => repo.deleteAssignment(tx, id), (a) => `${a.label} (${a.teacher})`),
    notFound(MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND'),
    { message: MSG.assignmentInUse, code: 'ASSIGNMENT_IN_USE' },
  );

/** One assignment with its teacher's name (undefined when unknown). */
export async function getAssignment(ctx: AppContext, id: string, tx: Executor = ctx.db) {
  const row = await repo.findAssignment(tx, id);
  if (!row) return undefined;
  const teacher = (await users.usersByIds(ctx, [row.teacherId], tx)).get(row.teacherId);
  return { ...row, teacher: teacher?.name ?? 'Unknown', label: classLabel(row.subjectCode, row.section) };
}
/** The assignments a teacher teaches (all of them when teacherId is undefined), by subject and section. */
export async function teachingOf(ctx: AppContext, teacherId: string | undefined): Promise<Array<AssignmentRow & { label: string }>> {
  const { rows } = await repo.listAssignments(ctx.db, { teacherId, page: 1, pageSize: 100_000 });
  return rows.map((r) => ({ ...r, label: classLabel(r.subjectCode, r.section) }));
}
/** Label parts of a teacher's (undefined: every) assignment, by subject code and section: one lean query (the summary's). */
export async function classLabelsOf(ctx: AppContext, teacherId: string | undefined) {
  const rows = await repo.assignmentLabels(ctx.db, teacherId);
  return rows.map((r) => ({ ...r, label: classLabel(r.subjectCode, r.section) }));
}
/** The assignments taught to the student's sections, with teacher names. */
export async function coursesOfStudent(ctx: AppContext, studentId: string) {
  const sectionIds = await repo.sectionsOfStudent(ctx.db, studentId);
  const { rows } = await repo.listAssignments(ctx.db, { sectionIds, page: 1, pageSize: 100_000 });
  const people = await users.usersByIds(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return rows.map((r) => ({ ...r, teacher: people.get(r.teacherId)?.name ?? 'Unknown', label: classLabel(r.subjectCode, r.section) }));
}
/** True when the teacher teaches any section the student is enrolled in. */
export async function teachesStudent(ctx: AppContext, teacherId: string, studentId: string) {
  const sectionIds = await repo.sectionsOfStudent(ctx.db, studentId);
  if (sectionIds.length === 0) return false;
  const { total } = await repo.listAssignments(ctx.db, { teacherId, sectionIds, page: 1, pageSize: 1 });
  return total > 0;
}

// For exams, marks, results and materials (issue 12) -----------------------------------------

/** The teaching assignment of a subject in a section (who teaches it), if any. */
export async function assignmentOfClass(ctx: AppContext, subjectId: string, sectionId: string, tx: Executor = ctx.db): Promise<AssignmentRow | undefined> {
  const { rows } = await repo.listAssignments(tx, { subjectId, sectionId, page: 1, pageSize: 1 });
  return rows[0];
}
/** What a class (subject + section) is, by `subjectId|sectionId`: codes, names, credits, semester, teacher and roster size. */
export async function classInfo(ctx: AppContext, pairs: ReadonlyArray<{ subjectId: string; sectionId: string }>) {
  const [subjectRows, sectionRows] = await Promise.all([
    repo.subjectsByIds(ctx.db, [...new Set(pairs.map((p) => p.subjectId))]),
    repo.sectionsByIds(ctx.db, [...new Set(pairs.map((p) => p.sectionId))]),
  ]);
  const sectionIds = sectionRows.map((s) => s.id);
  const { rows: taught } = sectionIds.length ? await repo.listAssignments(ctx.db, { sectionIds, page: 1, pageSize: 100_000 }) : { rows: [] };
  const teacherOf = new Map(taught.map((a) => [`${a.subjectId}|${a.sectionId}`, a.teacherId]));
  const subjectOf = new Map(subjectRows.map((s) => [s.id, s]));
  const sectionOf = new Map(sectionRows.map((s) => [s.id, s]));
  const info = new Map<string, { subjectCode: string; subjectName: string; credits: number; semester: number; section: string; sectionSemester: number; teacherId: string | null; rosterSize: number; label: string }>();
  for (const p of pairs) {
    const subject = subjectOf.get(p.subjectId);
    const section = sectionOf.get(p.sectionId);
    if (!subject || !section) continue;
    const key = `${p.subjectId}|${p.sectionId}`;
    info.set(key, {
      subjectCode: subject.code,
      subjectName: subject.name,
      credits: subject.credits,
      semester: subject.semester,
      section: section.name,
      sectionSemester: section.semester,
      teacherId: teacherOf.get(key) ?? null,
      rosterSize: section.students,
      label: classLabel(subject.code, section.name),
    });
  }
  return info;
}
/** The sections a student is enrolled in. */
export const sectionsOfStudent = (ctx: AppContext, studentId: string, tx: Executor = ctx.db) => repo.sectionsOfStudent(tx, studentId);
/**
 * Where a student studies now, for their ID card: the section of the latest academic year and
 * semester they are enrolled in, with its department's code and name; undefined when none.
 */
export async function currentSectionOf(ctx: AppContext, studentId: string): Promise<{ sectionId: string; section: string; academicYear: string; department: string; departmentName: string } | undefined> {
  const rows = await repo.sectionsByIds(ctx.db, await repo.sectionsOfStudent(ctx.db, studentId));
  const s = rows.sort((a, b) => b.academicYear.localeCompare(a.academicYear) || b.semester - a.semester || a.name.localeCompare(b.name))[0];
  if (!s) return undefined;
  const dept = await repo.findDepartment(ctx.db, s.departmentId);
  return { sectionId: s.id, section: s.name, academicYear: s.academicYear, department: s.department, departmentName: dept?.name ?? s.department };
}
/** A section's name and academic year, or undefined. */
export const findSectionInfo = async (ctx: AppContext, sectionId: string) => (await repo.sectionsByIds(ctx.db, [sectionId]))[0];
/** True when the subject is taught (by anyone) to a section the student is on. */
export async function studentTakesSubject(ctx: AppContext, studentId: string, subjectId: string) {
  const sectionIds = await repo.sectionsOfStudent(ctx.db, studentId);
  if (sectionIds.length === 0) return false;
  const { total } = await repo.listAssignments(ctx.db, { subjectId, sectionIds, page: 1, pageSize: 1 });
  return total > 0;
}
/** True when the teacher teaches the subject to some section. */
export async function teachesSubject(ctx: AppContext, teacherId: string, subjectId: string) {
  const { total } = await repo.listAssignments(ctx.db, { teacherId, subjectId, page: 1, pageSize: 1 });
  return total > 0;
}
/** Subjects by id with code, name, credits and semester. */
export const subjectsByIds = (ctx: AppContext, ids: string[]) => repo.subjectsByIds(ctx.db, ids);

// For notices and placement (issue 13) -------------------------------------------------------

/** Departments by id (code and name); unknown ids are left out. */
export async function departmentsByIds(ctx: AppContext, ids: readonly string[]): Promise<Array<{ id: string; code: string; name: string }>> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  return (await repo.listDepartments(ctx.db)).filter((d) => wanted.has(d.id)).map((d) => ({ id: d.id, code: d.code, name: d.name }));
}
/** Sections by id (name, department); unknown ids are left out. */
export const sectionsByIds = (ctx: AppContext, ids: readonly string[]) => repo.sectionsByIds(ctx.db, [...new Set(ids)]);
/** The department codes of each student's sections, by student id. */
export const departmentCodesOfStudents = (ctx: AppContext, studentIds: readonly string[]) => repo.departmentCodesOfStudents(ctx.db, [...new Set(studentIds)]);
/**
 * Where a person belongs in the college: a student's enrolled sections, a teacher's taught sections,
 * and the departments of those sections (and of the subjects a teacher teaches).
 */
export async function affiliationOf(ctx: AppContext, userId: string, tx: Executor = ctx.db): Promise<{ departmentIds: string[]; sectionIds: string[] }> {
  const [enrolled, taught] = await Promise.all([repo.sectionsOfStudent(tx, userId), repo.listAssignments(tx, { teacherId: userId, page: 1, pageSize: 100_000 })]);
  const sectionIds = [...new Set([...enrolled, ...taught.rows.map((a) => a.sectionId)])];
  const [sectionRows, subjectRows] = await Promise.all([repo.sectionsByIds(tx, sectionIds), repo.subjectsByIds(tx, [...new Set(taught.rows.map((a) => a.subjectId))])]);
  const departmentIds = [...new Set([...sectionRows.map((s) => s.departmentId), ...subjectRows.map((s) => s.departmentId)])];
  return { departmentIds, sectionIds };
}

// Timetable -----------------------------------------------------------------------------------

async function presentSlots(ctx: AppContext, rows: SlotRow[]) {
  const people = await peopleCards(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return rows.map((r) => presentSlot(r, people));
}
export async function listSlots(ctx: AppContext, q: ListSlotsQuery) {
  const { rows, total } = await repo.listSlots(ctx.db, q);
  return { slots: await presentSlots(ctx, rows), total };
}
/** Creates a slot; 400 unknown assignment, 409 when teacher, section or room is already booked then. */
export async function createSlot(ctx: AppContext, v: CreateSlotInput) {
  const a = await repo.findAssignment(ctx.db, v.assignmentId);
  if (!a) throw fieldError('assignmentId', MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND');
  const [id] = await guarded(() =>
    repo.insertSlots(ctx.db, [
      { assignmentId: a.id, teacherId: a.teacherId, sectionId: a.sectionId, weekday: v.weekday, startMin: minutesOf(v.start), endMin: minutesOf(v.end), room: v.room },
    ]),
  );
  return (await presentSlots(ctx, [(await repo.findSlot(ctx.db, id!))!]))[0]!;
}
/** Changes a slot (the other end checked against the stored one: 400); 409 on a double booking. */
export async function updateSlot(ctx: AppContext, id: string, v: UpdateSlotInput) {
  const old = await repo.findSlot(ctx.db, id);
  if (!old) throw notFound(MSG.slotNotFound, 'SLOT_NOT_FOUND');
  const startMin = v.start ? minutesOf(v.start) : old.startMin;
  const endMin = v.end ? minutesOf(v.end) : old.endMin;
  if (endMin <= startMin) throw fieldError('end', MSG.endAfterStart, 'END_BEFORE_START');
  const patch: Partial<repo.SlotValues> = { startMin, endMin };
  if (v.weekday) patch.weekday = v.weekday;
  if (v.room) patch.room = v.room;
  if (v.assignmentId && v.assignmentId !== old.assignmentId) {
    const a = await repo.findAssignment(ctx.db, v.assignmentId);
    if (!a) throw fieldError('assignmentId', MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND');
    Object.assign(patch, { assignmentId: a.id, teacherId: a.teacherId, sectionId: a.sectionId });
  }
  await guarded(() => repo.updateSlot(ctx.db, id, patch));
  return (await presentSlots(ctx, [(await repo.findSlot(ctx.db, id))!]))[0]!;
}
export const deleteSlot = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'timetable slot', id },
    labelOfDeleted(
      (tx) => repo.findSlot(tx, id),
      (tx) => repo.deleteSlot(tx, id),
      (s) => `${classLabel(s.subjectCode, s.section)} ${WEEKDAY_SHORT[s.weekday] ?? s.weekday} ${hhmmOf(s.startMin)}–${hhmmOf(s.endMin)} ${s.room}`,
    ),
    notFound(MSG.slotNotFound, 'SLOT_NOT_FOUND'),
  );
/** The timetabled slots of one assignment on a weekday (undefined: its whole week), by weekday and start. */
export const slotsOfAssignment = (ctx: AppContext, assignmentId: string, weekday: number | undefined) => repo.allSlots(ctx.db, { assignmentId, weekday });
/** A teacher's (or, undefined, everyone's) slots on a weekday, by start. */
export const slotsOfTeacherOn = (ctx: AppContext, teacherId: string | undefined, weekday: number) => repo.allSlots(ctx.db, { teacherId, weekday });

// Reads for teachers and students ---------------------------------------------------------------

/** GET /teachers/my-subjects: the caller's assignments as `{name, code, section}` (+ ids, counts). */
export async function mySubjects(ctx: AppContext, p: Principal) {
  const rows = await teachingOf(ctx, p.user.id);
  return {
    subjects: rows.map((r) => ({
      name: r.subjectName,
      code: r.subjectCode,
      section: r.section,
      assignmentId: r.id,
      subjectId: r.subjectId,
      sectionId: r.sectionId,
      semester: r.semester,
      credits: r.credits,
      students: r.students,
    })),
  };
}

/** GET /teachers/upcoming-classes: the caller's classes today that have not ended yet, by start. */
export async function upcomingClasses(ctx: AppContext, p: Principal, now: Date = new Date()) {
  const clock = collegeClock(ctx.config.timeZone, now);
  const slots = await repo.allSlots(ctx.db, { teacherId: p.user.id, weekday: clock.weekday });
  return {
    classes: slots
      .filter((s) => s.endMin > clock.minutes)
      .map((s) => ({
        subject: s.subjectName,
        section: s.section,
        time: `${hhmmOf(s.startMin)} - ${hhmmOf(s.endMin)}`,
        subjectCode: s.subjectCode,
        assignmentId: s.assignmentId,
        start: hhmmOf(s.startMin),
        end: hhmmOf(s.endMin),
        room: s.room,
      })),
  };
}

/** GET /academics/timetable/me: a Student's sections' week, a Teacher's own week; else empty. */
export async function myTimetable(ctx: AppContext, p: Principal) {
  const clock = collegeClock(ctx.config.timeZone);
  let rows: SlotRow[] = [];
  if (hasAnyRole(p.user.roles, ['Student'])) rows = await repo.allSlots(ctx.db, { sectionIds: await repo.sectionsOfStudent(ctx.db, p.user.id) });
  if (hasAnyRole(p.user.roles, ['Teacher'])) rows = [...rows, ...(await repo.allSlots(ctx.db, { teacherId: p.user.id }))];
  rows.sort((a, b) => a.weekday - b.weekday || a.startMin - b.startMin || a.section.localeCompare(b.section));
  return { today: clock.weekday, date: clock.date, slots: await presentSlots(ctx, rows) };
}

/** GET /academics/courses/me: the subjects taught to the caller's sections, with teacher and credits. */
export async function myCourses(ctx: AppContext, p: Principal) {
  const rows = await coursesOfStudent(ctx, p.user.id);
  return {
    courses: rows.map((r) => ({
      assignmentId: r.id,
      subjectId: r.subjectId,
      code: r.subjectCode,
      name: r.subjectName,
      credits: r.credits,
      semester: r.semester,
      section: r.section,
      teacher: r.teacher,
    })),
  };
}

// Imports -------------------------------------------------------------------------------------

/** Every distinct non-blank cell of the file, for one lookup of the people it may name. */
const cellsOf = (table: string[][]) => [...new Set(table.flat().map((c) => c.trim()).filter(Boolean))].slice(0, 100_000);

/**
 * Academic imports are small (a college's departments … a term's timetable), so each real
 * import is written in one transaction: all rows or none. Rows already stored are skipped.
 */
async function importWith<T>(
  ctx: AppContext,
  upload: ImportUpload,
  dryRun: boolean,
  build: (table: string[][]) => Promise<{ spec: ImportSpec<T>; existing: (keys: string[]) => Promise<Set<string>>; write: (tx: Executor, values: T[]) => Promise<number> }>,
): Promise<ImportOutcome> {
  return importFile<T>(upload, { dryRun, maxRows: ctx.config.importMaxRows }, async (table) => {
    const { spec, existing, write } = await build(table);
    return { spec, store: { existing, write: async (values) => ({ created: await guarded(() => ctx.db.transaction((tx) => write(tx, values))), updated: 0 }) } };
  });
}

export const importDepartments = (ctx: AppContext, upload: ImportUpload, dryRun: boolean) =>
  importWith(ctx, upload, dryRun, async () => ({
    spec: departmentImport,
    existing: async (keys) => {
      const stored = await repo.departmentIdsByCode(ctx.db);
      return new Set(keys.filter((k) => stored.has(k)));
    },
    write: async (tx, values) => {
      for (const v of values) await repo.insertDepartment(tx, v);
      return values.length;
    },
  }));

export const importSubjects = (ctx: AppContext, upload: ImportUpload, dryRun: boolean) =>
  importWith(ctx, upload, dryRun, async () => ({
    spec: subjectImport(await repo.departmentIdsByCode(ctx.db)),
    existing: async (keys) => {
      const stored = await repo.subjectIdsByCode(ctx.db);
      return new Set(keys.filter((k) => stored.has(k)));
    },
    write: async (tx, values) => (await repo.insertSubjects(tx, values)).length,
  }));

export const importSections = (ctx: AppContext, upload: ImportUpload, dryRun: boolean) =>
  importWith(ctx, upload, dryRun, async () => ({
    spec: sectionImport(await repo.departmentIdsByCode(ctx.db)),
    existing: async (keys) => {
      const stored = await repo.sectionIdsByKey(ctx.db);
      return new Set(keys.filter((k) => stored.has(k)));
    },
    write: async (tx, values) => (await repo.insertSections(tx, values)).length,
  }));

/** Enrols the students a file names (email or student ID) in the section of the path (404 unknown, also a malformed id). */
export async function importEnrolment(ctx: AppContext, p: Principal, sectionId: string, upload: ImportUpload, dryRun: boolean) {
  if (!UUID.test(sectionId) || !(await repo.findSection(ctx.db, sectionId))) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  let changed: string[] = [];
  const outcome = await importWith<string>(ctx, upload, dryRun, async (table) => ({
    spec: enrolmentImport(await users.usersByRefs(ctx, cellsOf(table))),
    existing: async (keys) => {
      const stored = await repo.enrolmentKeys(ctx.db, sectionId);
      return new Set(keys.filter((k) => stored.has(k)));
    },
    write: async (tx, ids) => {
      const r = await joinSection(ctx, p, sectionId, ids, 'import', tx);
      changed = r.changed;
      return r.enrolled;
    },
  }));
  await users.usersChanged(ctx, changed);
  return outcome;
}

export const importAssignments = (ctx: AppContext, upload: ImportUpload, dryRun: boolean) =>
  importWith<repo.AssignmentValues>(ctx, upload, dryRun, async (table) => ({
    spec: assignmentImport(await users.usersByRefs(ctx, cellsOf(table)), await repo.subjectIdsByCode(ctx.db), await repo.sectionIdsByKey(ctx.db)),
    existing: async (keys) => {
      const stored = new Set([...(await repo.assignmentIdsByKey(ctx.db)).values()].map((a) => a.id));
      const { rows } = await repo.listAssignments(ctx.db, { page: 1, pageSize: 100_000 });
      const storedKeys = new Set(rows.filter((r) => stored.has(r.id)).map((r) => `${r.subjectId}|${r.sectionId}`));
      return new Set(keys.filter((k) => storedKeys.has(k)));
    },
    write: async (tx, values) => (await repo.insertAssignments(tx, values)).length,
  }));

export const importSlots = (ctx: AppContext, upload: ImportUpload, dryRun: boolean) =>
  importWith(ctx, upload, dryRun, async () => {
    const stored = await repo.slotBookings(ctx.db);
    return {
      spec: timetableImport(await repo.assignmentIdsByKey(ctx.db), stored),
      existing: async (keys) => {
        const storedKeys = new Set(stored.map((s) => `${s.assignmentId}|${s.weekday}|${s.startMin}`));
        return new Set(keys.filter((k) => storedKeys.has(k)));
      },
      write: async (tx, values) => (await repo.insertSlots(tx, values)).length,
    };
  });

// Seeding -------------------------------------------------------------------------------------

export { seedBenchClasses, seedDemoAcademics } from './academics.seed.ts';

/** Keeps planner statistics current after bulk writes (the embedded database has no autovacuum). */
export const analyzeAcademics = (ctx: AppContext) => ctx.db.execute(sql`analyze departments, subjects, sections, section_students, teaching_assignments, timetable_slots`);

// For analytics and reports (issue 14) --------------------------------------------------------

/** Students enrolled by `asOf` (YYYY-MM-DD) per department, every department listed, by code. */
export const enrolmentByDepartment = (ctx: AppContext, asOf: string) => repo.enrolmentByDepartment(ctx.db, asOf);
/** Each teaching assignment's department (its section's), by assignment id. */
export const departmentOfAssignments = async (ctx: AppContext): Promise<Map<string, { code: string; name: string }>> =>
  new Map((await repo.assignmentDepartments(ctx.db)).map((r) => [r.id, { code: r.code, name: r.name }]));
/** Every section as a report parameter: id and "CSE-3A (2026-27)". */
export const sectionChoices = async (ctx: AppContext) =>
  (await repo.sectionLabels(ctx.db)).map((s) => ({ id: s.id, label: `${s.name} (${s.academicYear})`, name: s.name }));
/** The subjects taught in a section (its teaching assignments), by subject code. */
export const assignmentsOfSection = (ctx: AppContext, sectionId: string) => repo.assignmentsOfSection(ctx.db, sectionId);
/** Each listed student's section names ("CSE-3A"), by student id. */
export const sectionNamesOf = async (ctx: AppContext, studentIds: string[]) => new Map((await repo.sectionNamesOfStudents(ctx.db, studentIds)).map((r) => [r.studentId, r.sections]));
