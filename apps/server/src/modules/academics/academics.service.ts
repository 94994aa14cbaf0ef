import { MSG } from '@crs/shared/messages';
import { assignmentLabel, hhmmOf, minutesOf, WEEKDAY_SHORT } from '@crs/shared/schemas/academics';
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
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as audit from '../audit/audit.service.ts';
import * as users from '../users/users.service.ts';
import { enrolmentLabels, joinSection, recordEnrolment } from './academics.enrolment.ts';
import { assignmentImport, departmentImport, enrolmentImport, sectionImport, subjectImport, timetableImport } from './academics.import.ts';
import { presentAssignment, presentDepartment, presentSection, presentSlot, presentStudent, presentSubject } from './academics.presenter.ts';
import type { PersonCard } from './academics.presenter.ts';
import { findAssignment, sectionRoster } from './academics.read.ts';
import * as repo from './academics.repository.ts';
import type { AssignmentRow, SlotRow } from './academics.repository.ts';

// The administration of the academic structure (decisions 0023, 0039): CRUD of departments,
// subjects, sections, enrolment, teaching assignments and the timetable, and their imports, for
// academics' own routes (Admin/SuperAdmin, guarded by the routes' access lists). Other modules read
// through academics.read.ts; the caller's own week is academics.own.ts.

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

/** A page of subjects by code (filtered by department, semester, code or name) and how many match. */
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
/** Changes a subject; 400 unknown department, 404 unknown subject, 409 code taken. */
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

/** A page of sections, newest academic year first, with their roster sizes, and how many match. */
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

/** GET /academics/sections/{id}/students: the roster by roll number; 404 unknown section. */
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
/** A page of teaching assignments by subject code and section, with their teachers, and how many match. */
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
    labelOfDeleted((tx) => findAssignment(ctx, id, tx), (tx) => repo.deleteAssignment(tx, id), (a) => `${a.label} (${a.teacher})`),
    notFound(MSG.assignmentNotFound, 'ASSIGNMENT_NOT_FOUND'),
    { message: MSG.assignmentInUse, code: 'ASSIGNMENT_IN_USE' },
  );

// Timetable -----------------------------------------------------------------------------------

async function presentSlots(ctx: AppContext, rows: SlotRow[]) {
  const people = await peopleCards(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return rows.map((r) => presentSlot(r, people));
}
/** A page of timetable slots by weekday and start, with their teachers, and how many match. */
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
/** Deletes a slot (audited); 404 unknown. Sessions already taken at it stay. */
export const deleteSlot = (ctx: AppContext, p: Principal, id: string) =>
  deleting(
    ctx,
    p,
    { type: 'timetable slot', id },
    labelOfDeleted(
      (tx) => repo.findSlot(tx, id),
      (tx) => repo.deleteSlot(tx, id),
      (s) => `${assignmentLabel(s.subjectCode, s.section)} ${WEEKDAY_SHORT[s.weekday] ?? s.weekday} ${hhmmOf(s.startMin)}–${hhmmOf(s.endMin)} ${s.room}`,
    ),
    notFound(MSG.slotNotFound, 'SLOT_NOT_FOUND'),
  );

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
      const rows = await repo.allAssignments(ctx.db, {});
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
