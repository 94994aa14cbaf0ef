import { and, asc, count, desc, eq, gte, inArray, lte, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ExamKind } from '@crs/shared/schemas/assessment';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { examMarks, exams } from '../../db/schema/assessment.ts';

// Queries of exams and marks. Each takes the database or an open transaction.

export type ExamRow = {
  id: string;
  subjectId: string;
  sectionId: string;
  name: string;
  kind: ExamKind;
  maxMarks: number;
  weight: number;
  examDate: string;
  publishedAt: Date | null;
  resultsNoticeId: string | null;
  createdBy: string | null;
  marked: number;
};
const EXAM_COLUMNS = {
  id: exams.id,
  subjectId: exams.subjectId,
  sectionId: exams.sectionId,
  name: exams.name,
  kind: exams.kind,
  maxMarks: exams.maxMarks,
  weight: exams.weight,
  examDate: exams.examDate,
  publishedAt: exams.publishedAt,
  resultsNoticeId: exams.resultsNoticeId,
  createdBy: exams.createdBy,
  marked: sql<number>`(select count(*)::int from exam_marks m where m.exam_id = "exams"."id")`,
};

/** A teaching assignment as exams name it: subject + section. */
export type AssignmentKey = { subjectId: string; sectionId: string };
const ofAssignments = (assignments: readonly AssignmentKey[]): SQL =>
  assignments.length ? or(...assignments.map((a) => and(eq(exams.subjectId, a.subjectId), eq(exams.sectionId, a.sectionId))!))! : sql`false`;

/** Exams of these teaching assignments (every exam when `assignments` is undefined), newest date first. */
export const listExams = async (db: Executor, assignments: readonly AssignmentKey[] | undefined): Promise<ExamRow[]> =>
  (await db
    .select(EXAM_COLUMNS)
    .from(exams)
    .where(assignments ? ofAssignments(assignments) : undefined)
    .orderBy(desc(exams.examDate), asc(exams.name))) as ExamRow[];
export const findExam = async (db: Executor, id: string): Promise<ExamRow | undefined> => (await db.select(EXAM_COLUMNS).from(exams).where(eq(exams.id, id)))[0] as ExamRow | undefined;
/** Exams of these sections dated on or after `from`, by date (a student's upcoming exams). */
export const examsOfSectionsFrom = async (db: Executor, sectionIds: string[], from: string): Promise<ExamRow[]> =>
  sectionIds.length ? ((await db.select(EXAM_COLUMNS).from(exams).where(and(inArray(exams.sectionId, sectionIds), gte(exams.examDate, from))).orderBy(asc(exams.examDate), asc(exams.name)).limit(20)) as ExamRow[]) : [];
/** The exams of these sections dated from..to (both included), by date (at most 500). */
export const examsOfSectionsBetween = async (db: Executor, sectionIds: string[], from: string, to: string): Promise<ExamRow[]> =>
  sectionIds.length
    ? ((await db.select(EXAM_COLUMNS).from(exams).where(and(inArray(exams.sectionId, sectionIds), gte(exams.examDate, from), lte(exams.examDate, to))).orderBy(asc(exams.examDate), asc(exams.name)).limit(500)) as ExamRow[])
    : [];
/** Every exam of these sections (a student's results), by date. */
export const examsOfSections = async (db: Executor, sectionIds: string[]): Promise<ExamRow[]> =>
  sectionIds.length ? ((await db.select(EXAM_COLUMNS).from(exams).where(inArray(exams.sectionId, sectionIds)).orderBy(asc(exams.examDate), asc(exams.name))) as ExamRow[]) : [];

export type ExamValues = { subjectId: string; sectionId: string; name: string; kind: ExamKind; maxMarks: number; weight: number; examDate: string; createdBy: string | null; publishedAt?: Date | null; resultsNoticeId?: string | null };
export const insertExams = async (db: Executor, list: ExamValues[]) => (list.length ? (await db.insert(exams).values(list).returning({ id: exams.id })).map((r) => r.id) : []);
export const updateExam = async (db: Executor, id: string, v: Partial<Omit<ExamValues, 'subjectId' | 'sectionId' | 'createdBy'>>) =>
  (await db.update(exams).set(v).where(eq(exams.id, id)).returning({ id: exams.id })).length > 0;
export const deleteExam = async (db: Executor, id: string) => (await db.delete(exams).where(eq(exams.id, id)).returning({ id: exams.id })).length > 0;
/** Locks the exam row for a marks write (concurrent uploads of one exam run one after another). */
export const lockExam = async (db: Executor, id: string) => (await db.select({ id: exams.id, maxMarks: exams.maxMarks }).from(exams).where(eq(exams.id, id)).for('update'))[0];

// Marks ----------------------------------------------------------------------------------------

export type MarkRow = { examId: string; studentId: string; marks: number | null; absent: boolean; remarks: string | null };
const MARK_COLUMNS = { examId: examMarks.examId, studentId: examMarks.studentId, marks: examMarks.marks, absent: examMarks.absent, remarks: examMarks.remarks };
export const marksOfExam = (db: Executor, examId: string): Promise<MarkRow[]> => db.select(MARK_COLUMNS).from(examMarks).where(eq(examMarks.examId, examId));
/** An exam as a student's results read it (no count of marks entered), with the student's mark if the exam is published and they have one. */
export type ExamWithMark = Omit<ExamRow, 'marked'> & { mark: MarkRow | null };
const { marked: _marked, ...RESULT_EXAM_COLUMNS } = EXAM_COLUMNS;
/** Every exam of these sections, by date, each with the student's mark when published: a student's results in one statement. */
export const examsWithMarksOf = async (db: Executor, sectionIds: string[], studentId: string): Promise<ExamWithMark[]> =>
  sectionIds.length
    ? ((
        await db
          .select({ exam: RESULT_EXAM_COLUMNS, mark: MARK_COLUMNS })
          .from(exams)
          .leftJoin(examMarks, and(eq(examMarks.examId, exams.id), eq(examMarks.studentId, studentId), isNotNull(exams.publishedAt)))
          .where(inArray(exams.sectionId, sectionIds))
          .orderBy(asc(exams.examDate), asc(exams.name))
      ).map((r) => ({ ...r.exam, mark: r.mark })) as ExamWithMark[])
    : [];
export const highestMark = async (db: Executor, examId: string) =>
  Number((await db.select({ top: sql<string | null>`max(${examMarks.marks})` }).from(examMarks).where(eq(examMarks.examId, examId)))[0]?.top ?? 0);

export type MarkValues = { studentId: string; marks: number | null; absent: boolean; remarks: string | null };
/** Replaces every mark of the exam with `values` (the file upload). */
export async function replaceMarks(db: Executor, examId: string, values: MarkValues[], markedBy: string | null) {
  await db.delete(examMarks).where(eq(examMarks.examId, examId));
  for (let i = 0; i < values.length; i += 1000) {
    await db.insert(examMarks).values(values.slice(i, i + 1000).map((v) => ({ ...v, examId, markedBy })));
  }
}
/** Upserts the listed students' marks (the grid); `clear` ids lose theirs. */
export async function upsertMarks(db: Executor, examId: string, values: MarkValues[], clear: string[], markedBy: string | null) {
  if (clear.length) await db.delete(examMarks).where(and(eq(examMarks.examId, examId), inArray(examMarks.studentId, clear)));
  if (values.length === 0) return;
  await db
    .insert(examMarks)
    .values(values.map((v) => ({ ...v, examId, markedBy })))
    .onConflictDoUpdate({
      target: [examMarks.examId, examMarks.studentId],
      set: { marks: sql`excluded.marks`, absent: sql`excluded.absent`, remarks: sql`excluded.remarks`, markedBy: sql`excluded.marked_by`, markedAt: sql`now()` },
    });
}

/** Average percentage (of each exam's maximum) per teaching assignment (subject + section) over entered, non-absent marks of these exams. */
export async function averagesByAssignment(db: Executor, examIds: string[]) {
  if (examIds.length === 0) return [];
  return db
    .select({
      subjectId: exams.subjectId,
      sectionId: exams.sectionId,
      sum: sql<number>`sum(${examMarks.marks} * 100.0 / ${exams.maxMarks})::float8`,
      n: count(),
    })
    .from(examMarks)
    .innerJoin(exams, eq(exams.id, examMarks.examId))
    .where(and(inArray(exams.id, examIds), eq(examMarks.absent, false), isNotNull(examMarks.marks)))
    .groupBy(exams.subjectId, exams.sectionId);
}

/** The demo seed's marks, as given (several exams at once). */
export async function insertSeedMarks(db: Executor, values: Array<MarkValues & { examId: string; markedBy: string | null; markedAt: Date }>) {
  if (values.length) await db.insert(examMarks).values(values);
}

// Analytics and reports (issue 14) ------------------------------------------------------------

/** Marks of published exams dated from..to, counted per subject and band: a grade of the scale by percent of the maximum, or 'AB'. */
export function gradeCounts(db: Executor, from: string, to: string, scale: ReadonlyArray<{ grade: string; min: number }>) {
  const pct = sql`(${examMarks.marks} * 100.0 / ${exams.maxMarks})`;
  const band = sql.join(
    scale.map((g) => sql`when ${pct} >= ${g.min} then ${g.grade}`),
    sql` `,
  );
  const grade = sql<string>`(case when ${examMarks.absent} or ${examMarks.marks} is null then 'AB' ${band} end)`;
  return db
    .select({ subjectId: exams.subjectId, grade: grade.as('grade'), n: sql<number>`count(*)::int` })
    .from(examMarks)
    .innerJoin(exams, eq(exams.id, examMarks.examId))
    .where(and(isNotNull(exams.publishedAt), gte(exams.examDate, from), sql`${exams.examDate} <= ${to}`))
    .groupBy(exams.subjectId, sql`2`);
}


/**
 * The closing term's subject results of `sectionIds` in one query (the semester rollover): for each
 * section and subject with a published exam, `denominator` (Σ weight, or the exam count when every
 * weight is 0) and each student's score over the published exams (marks/max × weight, or × 1);
 * percent = score / denominator × 100 — the rule of computeResults (assessment.results.ts). A
 * student with no mark in any of them has no row (their percent is 0).
 */
export async function publishedScores(db: Executor, sectionIds: readonly string[]) {
  if (sectionIds.length === 0) return { subjects: [], scores: [] };
  const ids = sql.param([...sectionIds]);
  const subjects = await queryRows<{ section_id: string; subject_id: string; denominator: number }>(
    db,
    sql`select section_id, subject_id, case when sum(weight) = 0 then count(*) else sum(weight) end::float8 as denominator
        from exams where section_id = any(${ids}::uuid[]) and published_at is not null group by 1, 2`,
  );
  const scores = await queryRows<{ section_id: string; subject_id: string; student_id: string; score: number }>(
    db,
    sql`with pub as (select id, subject_id, section_id, max_marks, weight, sum(weight) over (partition by section_id, subject_id) as total
                     from exams where section_id = any(${ids}::uuid[]) and published_at is not null)
        select p.section_id, p.subject_id, m.student_id,
               sum(case when m.absent or m.marks is null then 0 else m.marks::float8 / p.max_marks end * case when p.total = 0 then 1 else p.weight::float8 end)::float8 as score
        from pub p join exam_marks m on m.exam_id = p.id group by 1, 2, 3`,
  );
  return { subjects, scores };
}
