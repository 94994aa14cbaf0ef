import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import { MARKS_IMPORT_COLUMNS } from '@crs/shared/schemas/assessment';
import type { CreateExamInput, Exam, MarkEntry, MarksGrid, Performance, Results, UpdateExamInput } from '@crs/shared/schemas/assessment';
import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome, ImportStore } from '../../lib/import/pipeline.ts';
import type { ImportResult } from '@crs/shared/schemas/import';
import { UUID } from '../../lib/patterns.ts';
import { CSV_TYPE, XLSX_TYPE, xlsxOf } from '../../lib/spreadsheet.ts';
import { collegeClock } from '../../lib/time.ts';
import { inSlices } from '../../lib/yield.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as notices from '../notices/notices.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import { marksImport } from './assessment.import.ts';
import { presentExam, presentUpcoming } from './assessment.presenter.ts';
import type { AssignmentInfo } from './assessment.presenter.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './assessment.repository.ts';
import type { ExamRow, MarkRow, MarkValues } from './assessment.repository.ts';
import { computeResults } from './assessment.results.ts';

// Exams, marks and results (issue 12, decision 0026). A Teacher manages exams and marks of the
// classes (subject + section) they teach; Admin/SuperAdmin of every class. Students see marks
// of published exams only, and only their own.

const isManager = (p: Principal) => hasAnyRole(p.user.roles, ACADEMIC_MANAGERS);
const assignmentKey = (e: { subjectId: string; sectionId: string }) => `${e.subjectId}|${e.sectionId}`;

/** The teaching assignments the caller manages exams for: a teacher's own; undefined (all) for managers. */
async function managedAssignments(ctx: AppContext, p: Principal): Promise<repo.AssignmentKey[] | undefined> {
  if (isManager(p)) return undefined;
  return (await academics.assignmentsOfTeacher(ctx, p.user.id)).map((a) => ({ subjectId: a.subjectId, sectionId: a.sectionId }));
}

async function present(ctx: AppContext, rows: ExamRow[]): Promise<Exam[]> {
  const info = await academics.assignmentInfo(ctx, rows);
  return rows.flatMap((r) => {
    const c = info.get(assignmentKey(r));
    return c ? [presentExam(r, c)] : [];
  });
}

/** The exam if the caller may manage it (its class's teacher, or a manager): 404 unknown, 403 another's. */
async function ownExam(ctx: AppContext, p: Principal, id: string): Promise<{ exam: ExamRow; info: AssignmentInfo }> {
  const exam = UUID.test(id) ? await repo.findExam(ctx.db, id) : undefined;
  if (!exam) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
  const info = (await academics.assignmentInfo(ctx, [exam])).get(assignmentKey(exam));
  if (!info) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
  if (!isManager(p) && info.teacherId !== p.user.id) throw forbidden(MSG.examNotYours, 'NOT_YOUR_EXAM');
  return { exam, info };
}

/** How an exam reads in the audit log and in notices: "Mid-term 1 (CS301 · CSE-3A)". */
const examLabel = (exam: { name: string }, info: AssignmentInfo) => `${exam.name} (${info.label})`;
const examTarget = (id: string, exam: { name: string }, info: AssignmentInfo) => ({ type: 'exam', id, label: examLabel(exam, info) });
/** The exam's fields as the audit log compares them (`date` is the API's name of exam_date). */
const auditedFields = (e: { name: string; kind: string; maxMarks: number; weight: number; examDate: string }) => ({ name: e.name, kind: e.kind, maxMarks: e.maxMarks, weight: Number(e.weight), date: e.examDate });
const AUDITED_EXAM_FIELDS = ['name', 'kind', 'maxMarks', 'weight', 'date'] as const;
/** Whether a stored mark and a new one say the same (marks, absence, remarks). */
const sameMark = (a: Pick<MarkRow, 'marks' | 'absent' | 'remarks'>, b: Pick<MarkValues, 'marks' | 'absent' | 'remarks'>) =>
  (a.marks === null ? null : Number(a.marks)) === (b.marks === null ? null : Number(b.marks)) && a.absent === b.absent && (a.remarks ?? null) === (b.remarks ?? null);

// Exams ---------------------------------------------------------------------------------------

/** GET /assesment/exams: the caller's classes' exams (managers: all), newest first. */
export async function listExams(ctx: AppContext, p: Principal): Promise<{ exams: Exam[] }> {
  const assignments = await managedAssignments(ctx, p);
  return { exams: await present(ctx, await repo.listExams(ctx.db, assignments)) };
}

/** Creates an exam for a class the caller teaches (managers: any taught class); 400 unknown/untaught class, 403 another's; audited ('exam.created') in its transaction. */
export async function createExam(ctx: AppContext, p: Principal, v: CreateExamInput): Promise<Exam> {
  const info = (await academics.assignmentInfo(ctx, [v])).get(assignmentKey(v));
  if (!info) throw badRequest(MSG.noTeacherForClass, 'CLASS_NOT_FOUND');
  if (!info.teacherId) throw badRequest(MSG.noTeacherForClass, 'CLASS_NOT_TAUGHT');
  if (!isManager(p) && info.teacherId !== p.user.id) throw forbidden(MSG.examNotYours, 'NOT_YOUR_EXAM');
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await repo.insertExams(tx, [
      { subjectId: v.subjectId, sectionId: v.sectionId, name: v.name, kind: v.kind, maxMarks: v.maxMarks, weight: v.weight, examDate: v.date, createdBy: p.user.id },
    ]);
    await audit.record(ctx, p, { action: 'exam.created', target: examTarget(created!, v, info), details: { kind: v.kind, maxMarks: v.maxMarks, weight: v.weight, date: v.date } }, tx);
    return created!;
  });
  return presentExam((await repo.findExam(ctx.db, id))!, info);
}

/** Changes an exam; a maximum below a mark already entered is refused (409), nothing changes; the fields that changed are audited ('exam.updated'). */
export async function updateExam(ctx: AppContext, p: Principal, id: string, v: UpdateExamInput): Promise<Exam> {
  const { info } = await ownExam(ctx, p, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockExam(tx, id);
    const before = await repo.findExam(tx, id);
    if (!before) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
    if (v.maxMarks !== undefined) {
      const top = await repo.highestMark(tx, id);
      if (top > v.maxMarks) throw conflict(MSG.examMaxBelowMarks(top), 'MARKS_ABOVE_MAX');
    }
    const changes = Object.fromEntries(
      Object.entries({ name: v.name, kind: v.kind, maxMarks: v.maxMarks, weight: v.weight, examDate: v.date }).filter(([, value]) => value !== undefined),
    );
    // An empty PATCH changes nothing (drizzle refuses an UPDATE without values).
    if (Object.keys(changes).length > 0) await repo.updateExam(tx, id, changes);
    const changed = audit.changesOf(auditedFields(before), auditedFields({ ...before, ...changes }), AUDITED_EXAM_FIELDS);
    if (Object.keys(changed).length > 0) await audit.record(ctx, p, { action: 'exam.updated', target: examTarget(id, { name: v.name ?? before.name }, info), changes: changed }, tx);
  });
  return presentExam((await repo.findExam(ctx.db, id))!, info);
}

/** Deletes an exam and its marks, and the notice of its published results; audited ('record.deleted', with how many marks went). */
export async function deleteExam(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const { exam, info } = await ownExam(ctx, p, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockExam(tx, id);
    const row = await repo.findExam(tx, id);
    if (!row || !(await repo.deleteExam(tx, id))) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
    if (row.resultsNoticeId) await notices.withdrawPosted(ctx, row.resultsNoticeId, tx);
    await audit.record(ctx, p, { action: 'record.deleted', target: examTarget(id, exam, info), details: { marks: row.marked, published: row.publishedAt !== null } }, tx);
  });
}

/**
 * Publishes (students see the marks) or withdraws an exam's marks, in one transaction with its
 * audit entry ('marks.published' / 'marks.unpublished') and the notice that tells the section's
 * students (their bell): publishing posts it, withdrawing removes it; publishing also notifies each
 * student once (notifications, mailed after the commit). Asking for the state the
 * exam is already in changes and records nothing.
 */
export async function publishExam(ctx: AppContext, p: Principal, id: string, published: boolean): Promise<Exam> {
  const { info } = await ownExam(ctx, p, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockExam(tx, id);
    const row = await repo.findExam(tx, id);
    if (!row) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
    if (published === (row.publishedAt !== null)) return;
    if (row.resultsNoticeId) await notices.withdrawPosted(ctx, row.resultsNoticeId, tx);
    const noticeId = published
      ? await notices.postToStudentsOf(
          ctx,
          p,
          { title: MSG.resultsNoticeTitle(row.name, info.subjectCode), body: MSG.resultsNoticeBody(row.name, info.subjectName, info.section), sectionIds: [row.sectionId] },
          tx,
        )
      : null;
    const publishedAt = published ? new Date() : null;
    await repo.updateExam(tx, id, { publishedAt, resultsNoticeId: noticeId });
    // Each student of the section hears of it once (issue 30): a withdrawal and a new publication do not repeat it.
    if (published) {
      const roster = await academics.sectionRoster(ctx, row.sectionId, tx);
      await notifications.notifyUsers(
        ctx,
        roster.map((s) => s.id),
        { kind: 'results', title: MSG.reminderResultsTitle(info.subjectName), body: MSG.reminderResultsBody(row.name, info.subjectName), link: '/dashboard/student/results', dedupeKey: `exam:${id}:results` },
        tx,
      );
    }
    await audit.record(
      ctx,
      p,
      {
        action: published ? 'marks.published' : 'marks.unpublished',
        target: examTarget(id, row, info),
        changes: { published: { from: !published, to: published } },
        details: { marks: row.marked, students: info.rosterSize, section: info.section },
      },
      tx,
    );
  });
  await notifications.dispatch(ctx);
  return presentExam((await repo.findExam(ctx.db, id))!, info);
}

/** GET /assesment/exams/upcoming: the caller's exams from today on, in their sections (student dashboard). */
export const upcomingExams = (ctx: AppContext, p: Principal) => upcomingExamsOf(ctx, p.user.id);

/** GET /assesment/students/{id}/upcoming (account id or student ID): a student's upcoming exams, by the ID-card rule (a Student only their own). */
export async function studentUpcomingExams(ctx: AppContext, p: Principal, ref: string) {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.examsOwnOnly, 'NOT_YOUR_STUDENT'));
  return upcomingExamsOf(ctx, student.id);
}

async function upcomingExamsOf(ctx: AppContext, studentId: string) {
  const sectionIds = ((await academics.sectionsOfStudents(ctx, [studentId])).get(studentId) ?? []).map((s) => s.id);
  const rows = await repo.examsOfSectionsFrom(ctx.db, sectionIds, collegeClock(ctx.config.timeZone).date);
  const info = await academics.assignmentInfo(ctx, rows);
  return { exams: rows.flatMap((r) => (info.has(assignmentKey(r)) ? [presentUpcoming(r, info.get(assignmentKey(r))!)] : [])) };
}

/**
 * The exams dated from..to of these sections (issue 27, the calendar), each with its subject, section
 * and the teacher of the subject there: the calendar keeps a student's sections' and a teacher's own.
 */
export async function examsOfSectionsBetween(ctx: AppContext, sectionIds: readonly string[], from: string, to: string) {
  const rows = await repo.examsOfSectionsBetween(ctx.db, [...new Set(sectionIds)], from, to);
  const info = await academics.assignmentInfo(ctx, rows);
  return rows.flatMap((r) => {
    const i = info.get(assignmentKey(r));
    return i ? [{ id: r.id, name: r.name, kind: r.kind, date: r.examDate, sectionId: r.sectionId, subjectCode: i.subjectCode, subjectName: i.subjectName, section: i.section, teacherId: i.teacherId }] : [];
  });
}

// Marks ---------------------------------------------------------------------------------------

/** GET /assesment/exams/{id}/marks: the section's roster with each student's mark. */
export async function marksGrid(ctx: AppContext, p: Principal, id: string): Promise<MarksGrid> {
  const { exam, info } = await ownExam(ctx, p, id);
  const [roster, marks] = await Promise.all([academics.sectionRoster(ctx, exam.sectionId), repo.marksOfExam(ctx.db, id)]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  return {
    exam: presentExam(exam, info),
    students: roster.map((s) => {
      const m = byStudent.get(s.id);
      return { studentId: s.id, name: s.name, rollNumber: s.studentId, marks: m?.marks ?? null, absent: m?.absent ?? false, remarks: m?.remarks ?? null };
    }),
  };
}

/**
 * PUT /assesment/exams/{id}/marks: saves the listed students' marks (others keep theirs); an
 * entry with `marks: null` and not absent clears that student's mark. 400 for a student not on
 * the roster, a student twice, or marks above the maximum; nothing is written then. A save that
 * changes something is audited ('marks.saved', with how many marks were entered, changed, cleared).
 */
export async function saveMarks(ctx: AppContext, p: Principal, id: string, entries: MarkEntry[]): Promise<MarksGrid> {
  const { exam, info } = await ownExam(ctx, p, id);
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.studentId)) throw fieldError(`marks.${i}.studentId`, MSG.attendanceDuplicateStudent, 'DUPLICATE_STUDENT');
    seen.add(e.studentId);
  });
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockExam(tx, id);
    if (!locked) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
    const stored = new Map((await repo.marksOfExam(tx, id)).map((m) => [m.studentId, m]));
    const roster = new Set((await academics.sectionRoster(ctx, exam.sectionId, tx)).map((s) => s.id));
    const values: MarkValues[] = [];
    const clear: string[] = [];
    entries.forEach((e, i) => {
      if (!roster.has(e.studentId)) throw fieldError(`marks.${i}.studentId`, MSG.notInSection('The student', '(this exam)'), 'NOT_IN_SECTION');
      if (!e.absent && e.marks != null && e.marks > locked.maxMarks) throw fieldError(`marks.${i}.marks`, MSG.marksAboveMax(locked.maxMarks), 'MARKS_ABOVE_MAX');
      if (!e.absent && e.marks == null) clear.push(e.studentId);
      else values.push({ studentId: e.studentId, marks: e.absent ? null : e.marks!, absent: e.absent, remarks: e.remarks || null });
    });
    await repo.upsertMarks(tx, id, values, clear, p.user.id);
    const entered = values.filter((v) => !stored.has(v.studentId)).length;
    const changed = values.filter((v) => stored.has(v.studentId) && !sameMark(stored.get(v.studentId)!, v)).length;
    const cleared = clear.filter((s) => stored.has(s)).length;
    if (entered + changed + cleared > 0) {
      await audit.record(ctx, p, { action: 'marks.saved', target: examTarget(id, exam, info), details: { entered, changed, cleared, published: exam.publishedAt !== null } }, tx);
    }
  });
  return marksGrid(ctx, p, id);
}

function fieldError(path: string, message: string, code: string) {
  return badRequest(message, code, [{ path, message }]);
}

/**
 * POST /assesment/marks: an exam's marks from a CSV/.xlsx/.xls file through the import pipeline
 * (decision 0016). Rows name students by roll number or email; every row must be right or
 * nothing is written (422 with row errors; `dryRun` previews, each row with the student's stored
 * name beside the ID). A real upload replaces all the exam's marks in one transaction with its
 * audit entry: 'marks.uploaded' on an exam without marks, else 'marks.replaced' with how many
 * marks changed, were added and were removed.
 */
export async function uploadMarks(ctx: AppContext, p: Principal, examId: string, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> {
  const { exam, info } = await ownExam(ctx, p, examId);
  const maxRows = Math.min(ctx.config.importMaxRows, 5000);
  let people: ReadonlyMap<string, { name: string }> = new Map();
  const outcome = await importFile(upload, { dryRun, maxRows }, async (table) => {
    const refs = [...new Set(table.slice(1).flatMap((cells) => cells.map((c) => c.trim()).filter(Boolean)))].slice(0, 20_000);
    const [named, roster] = await Promise.all([users.usersByRefs(ctx, refs), academics.sectionRoster(ctx, exam.sectionId)]);
    people = named;
    const spec = marksImport({ maxMarks: exam.maxMarks, section: info.section }, named, new Set(roster.map((s) => s.id)));
    const store: ImportStore<MarkValues> = {
      existing: async (keys) => {
        const stored = new Set((await repo.marksOfExam(ctx.db, examId)).map((m) => m.studentId));
        return new Set(keys.filter((k) => stored.has(k)));
      },
      write: (values) =>
        ctx.db.transaction(async (tx) => {
          const locked = await repo.lockExam(tx, examId);
          if (!locked) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
          // The maximum may have changed since the rows were checked.
          if (values.some((v) => v.marks !== null && v.marks > locked.maxMarks)) throw conflict(MSG.marksAboveMax(locked.maxMarks), 'MARKS_ABOVE_MAX');
          const stored = new Map((await repo.marksOfExam(tx, examId)).map((m) => [m.studentId, m]));
          await repo.replaceMarks(tx, examId, values, p.user.id);
          const updated = values.filter((v) => stored.has(v.studentId)).length;
          const changed = values.filter((v) => stored.has(v.studentId) && !sameMark(stored.get(v.studentId)!, v)).length;
          const kept = new Set(values.map((v) => v.studentId));
          const removed = [...stored.keys()].filter((s) => !kept.has(s)).length;
          await audit.record(
            ctx,
            p,
            {
              action: stored.size > 0 ? 'marks.replaced' : 'marks.uploaded',
              target: examTarget(examId, exam, info),
              details: { file: upload.filename, rows: values.length, added: values.length - updated, changed, unchanged: updated - changed, removed, published: exam.publishedAt !== null },
            },
            tx,
          );
          return { created: values.length - updated, updated };
        }),
    };
    return { spec, store };
  });
  return dryRun && outcome.status === 200 ? { status: 200, body: withStoredNames(outcome.body, people) } : outcome;
}

/** A preview's rows with the stored name of each row's student beside the ID (the file's Name cell where the ID names nobody). */
function withStoredNames(body: ImportResult, people: ReadonlyMap<string, { name: string }>): ImportResult {
  const at = body.columns.indexOf('studentId');
  const columns = body.columns.includes('name') || at < 0 ? body.columns : [...body.columns.slice(0, at + 1), 'name', ...body.columns.slice(at + 1)];
  const rows = body.rows.map((r) => {
    const person = people.get((r.values.studentId ?? '').toLowerCase());
    return person ? { ...r, values: { ...r.values, name: person.name } } : r;
  });
  return { ...body, columns, rows };
}

/**
 * GET /assesment/exams/{id}/template: the exam's section roster in the marks import's columns —
 * Student ID (the roll number, else the email), Name, empty Marks and Remarks — as CSV or .xlsx, so
 * the filled file uploads back as it is. Same access as the marks (the exam's teacher, managers).
 */
export async function marksTemplate(ctx: AppContext, p: Principal, id: string, format: 'csv' | 'xlsx') {
  const { exam, info } = await ownExam(ctx, p, id);
  const roster = await academics.sectionRoster(ctx, exam.sectionId);
  const rows: CsvCell[][] = [MARKS_IMPORT_COLUMNS.map((c) => c.label), ...roster.map((s) => MARKS_IMPORT_COLUMNS.map((c) => (c.key === 'studentId' ? (s.studentId ?? s.email) : c.key === 'name' ? s.name : '')))];
  const name = `marks-${info.subjectCode}-${info.section}-${exam.name}`.replace(/[^A-Za-z0-9-]+/g, '-');
  return format === 'csv'
    ? { type: CSV_TYPE, filename: `${name}.csv`, body: toCsv(rows) as string | Buffer }
    : { type: XLSX_TYPE, filename: `${name}.xlsx`, body: xlsxOf(rows, 'Marks') as string | Buffer };
}

// Results -------------------------------------------------------------------------------------

/** GET /analytics/performance: average percentage by subject over the caller's exams (managers: all), one decimal. */
export async function performance(ctx: AppContext, p: Principal): Promise<Performance> {
  const exams = await repo.listExams(ctx.db, await managedAssignments(ctx, p));
  const sums = await repo.averagesByAssignment(
    ctx.db,
    exams.map((e) => e.id),
  );
  const info = await academics.assignmentInfo(ctx, sums);
  const bySubject = new Map<string, { subject: string; sum: number; n: number }>();
  let sum = 0;
  let n = 0;
  for (const s of sums) {
    const c = info.get(assignmentKey(s));
    if (!c) continue;
    const entry = bySubject.get(s.subjectId) ?? { subject: c.subjectName, sum: 0, n: 0 };
    entry.sum += Number(s.sum);
    entry.n += Number(s.n);
    bySubject.set(s.subjectId, entry);
    sum += Number(s.sum);
    n += Number(s.n);
  }
  const one = (x: number) => Math.round(x * 10) / 10;
  return {
    bySubject: [...bySubject.values()].sort((a, b) => a.subject.localeCompare(b.subject)).map((e) => ({ subject: e.subject, avgMarks: one(e.sum / e.n) })),
    averageMarks: n ? one(sum / n) : 0,
  };
}

/** A student's results over published exams (see assessment.results.ts for the rules). */
async function resultsOf(ctx: AppContext, studentId: string, tx: Executor = ctx.db): Promise<Results> {
  const sectionIds = ((await academics.sectionsOfStudents(ctx, [studentId], tx)).get(studentId) ?? []).map((s) => s.id);
  // Exams and the student's marks in one statement, their subjects in one more (a dashboard reads this on every sign-in).
  const exams = await repo.examsWithMarksOf(tx, sectionIds, studentId);
  const info = await academics.assignmentInfo(ctx, exams);
  return computeResults(
    exams.flatMap((e) => {
      const c = info.get(assignmentKey(e));
      return c ? [{ ...e, subjectCode: c.subjectCode, subjectName: c.subjectName, credits: c.credits, semester: c.semester }] : [];
    }),
    new Map(exams.flatMap((e) => (e.mark ? [[e.id, e.mark] as const] : []))),
    await settings.gradeScale(ctx, tx),
  );
}

/** A student's CGPA over published results, null when none is published (placement's demo seed). */
export const cgpaOf = async (ctx: AppContext, studentId: string): Promise<number | null> => (await resultsOf(ctx, studentId)).cgpa;

/** A student's results over published exams, for their grade cards and transcript (the transcripts module checks who asks). */
export const publishedResultsOf = (ctx: AppContext, studentId: string): Promise<Results> => resultsOf(ctx, studentId);

/** GET /results/me: the caller's own results. */
export const myResults = (ctx: AppContext, p: Principal) => resultsOf(ctx, p.user.id);

/** GET /results/students/{id} (account id or student ID): a Student only themself, a Teacher only students they teach, managers anyone. */
export async function studentResults(ctx: AppContext, p: Principal, ref: string): Promise<Results> {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.resultsOwnOnly, 'NOT_YOUR_RESULTS'));
  const allowed = isManager(p) || p.user.id === student.id || (await academics.teachesStudent(ctx, p.user.id, student.id)) || (await guardians.isGuardianOf(ctx, p.user.id, student.id));
  if (!allowed) throw forbidden(MSG.resultsNotYourStudent, 'NOT_YOUR_STUDENT');
  return resultsOf(ctx, student.id);
}


/** The demo semester's exams and marks for every taught class (seed/demo.ts). */
export { seedDemoAssessment } from './assessment.seed.ts';

// For analytics and reports (issue 14) --------------------------------------------------------

/**
 * Per subject, the marks of published exams dated from..to: how many fell in each grade of
 * the grading scale in force (by percent of the exam's maximum) and how many were absent ('AB').
 */
export async function gradeCountsBySubject(ctx: AppContext, from: string, to: string) {
  const rows = await repo.gradeCounts(ctx.db, from, to, await settings.gradeScale(ctx));
  const bySubject = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = bySubject.get(r.subjectId) ?? new Map<string, number>();
    m.set(r.grade, r.n);
    bySubject.set(r.subjectId, m);
  }
  const subjects = await academics.subjectsByIds(ctx, [...bySubject.keys()]);
  return subjects
    .map((s) => ({ subjectId: s.id, subjectCode: s.code, subjectName: s.name, department: s.department, counts: bySubject.get(s.id)! }))
    .sort((a, b) => a.subjectCode.localeCompare(b.subjectCode));
}

/** Every exam as a report parameter ("CS301 CSE-3A · Mid-term 1 · 2026-09-14"), newest first. */
export async function examChoices(ctx: AppContext) {
  const rows = await repo.listExams(ctx.db, undefined);
  const info = await academics.assignmentInfo(ctx, rows);
  return rows.flatMap((r) => {
    const c = info.get(assignmentKey(r));
    return c ? [{ id: r.id, label: `${c.label} · ${r.name} · ${r.examDate}` }] : [];
  });
}

/** One exam's marks sheet for reports (no ownership: the route admits only the report readers); 404 unknown. */
export async function examSheet(ctx: AppContext, id: string) {
  const exam = UUID.test(id) ? await repo.findExam(ctx.db, id) : undefined;
  const info = exam ? (await academics.assignmentInfo(ctx, [exam])).get(assignmentKey(exam)) : undefined;
  if (!exam || !info) throw notFound(MSG.examNotFound, 'EXAM_NOT_FOUND');
  const [roster, marks] = await Promise.all([academics.sectionRoster(ctx, exam.sectionId), repo.marksOfExam(ctx.db, id)]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  return {
    exam: presentExam(exam, info),
    students: roster.map((s) => ({ name: s.name, rollNumber: s.studentId, mark: byStudent.get(s.id) })),
  };
}

/**
 * Each student's failed credits in the closing term's sections (the semester rollover's hold-back
 * rule, issue 27 item 4): a subject with a published exam whose percent (the results rule, decision
 * 0026) earns 0 grade points on the scale in force counts its credits; a student on the roster
 * without marks scores 0. `rosters` maps a section to its students, `credits` a subject to its credits.
 */
export async function failedCreditsOf(
  ctx: AppContext,
  rosters: ReadonlyMap<string, readonly string[]>,
  credits: ReadonlyMap<string, number>,
  tx: Executor = ctx.db,
): Promise<Map<string, number>> {
  const scale = await settings.gradeScale(ctx, tx);
  const failed = new Map<string, number>();
  // A few sections per statement, the event loop running between (lib/yield.ts): each section's subjects stand alone.
  await inSlices([...rosters.keys()], 5, async (sectionIds) => {
    const { subjects, scores } = await repo.publishedScores(tx, sectionIds);
    const score = new Map(scores.map((r) => [`${r.section_id}|${r.subject_id}|${r.student_id}`, r.score]));
    for (const s of subjects) {
      for (const studentId of rosters.get(s.section_id) ?? []) {
        const percent = Math.round(((score.get(`${s.section_id}|${s.subject_id}|${studentId}`) ?? 0) / s.denominator) * 10000) / 100;
        const band = scale.find((g) => percent >= g.min) ?? scale[scale.length - 1]!;
        if (band.points === 0) failed.set(studentId, (failed.get(studentId) ?? 0) + (credits.get(s.subject_id) ?? 0));
      }
    }
  });
  return failed;
}
