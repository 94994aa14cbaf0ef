import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { ImportColumn } from './import.ts';
import { studentRefParams } from './common.ts';
import { dateField } from './academics.ts';
import { EXAM_KINDS } from '../constants/assessment.ts';

// Exams, marks and results (issue 12, decision 0026). Spec paths keep the spec's spelling
// `/assesment/...`; `/assessment/...` is an alias.

export { EXAM_KINDS, EXAM_KIND_LABELS, type ExamKind } from '../constants/assessment.ts';

/** Rounds half away from zero to `digits` decimals (2.345 → 2.35), free of binary drift. */
export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
}

/** A mark: a number ≥ 0 with at most two decimals. */
const marksValue = z.number({ error: MSG.marksNotNumber }).min(0, MSG.marksNegative).max(1000, MSG.marksNotNumber).multipleOf(0.01, MSG.marksNotNumber);

const examFields = {
  name: z.string({ error: MSG.examNameRequired }).trim().min(1, MSG.examNameRequired).max(100, MSG.examNameTooLong),
  kind: z.enum(EXAM_KINDS, { error: MSG.examKind }),
  maxMarks: z.number({ error: MSG.examMaxMarks }).int(MSG.examMaxMarks).min(1, MSG.examMaxMarks).max(1000, MSG.examMaxMarks),
  weight: z.number({ error: MSG.examWeight }).min(0, MSG.examWeight).max(100, MSG.examWeight).multipleOf(0.01, MSG.examWeight),
  date: dateField,
};

export const createExamSchema = z.strictObject({
  ...examFields,
  subjectId: z.uuid(MSG.subjectNotFound),
  sectionId: z.uuid(MSG.sectionNotFound),
});
export type CreateExamInput = z.infer<typeof createExamSchema>;
/** Name, kind, maximum, weight and date may change; subject and section may not (marks belong to the roster). */
export const updateExamSchema = z.strictObject({
  name: examFields.name.optional(),
  kind: examFields.kind.optional(),
  maxMarks: examFields.maxMarks.optional(),
  weight: examFields.weight.optional(),
  date: dateField.optional(),
});
export type UpdateExamInput = z.infer<typeof updateExamSchema>;

/** The exam dialog (web): every field the server checks, the class chosen as one "subjectId|sectionId" (a teaching assignment). */
export const examFormSchema = z.strictObject({
  ...examFields,
  classKey: z.string({ error: MSG.examClassRequired }).regex(/^[0-9a-f-]{36}\|[0-9a-f-]{36}$/i, MSG.examClassRequired),
});
export type ExamFormValues = z.infer<typeof examFormSchema>;
/** Editing: the class is fixed (marks belong to its roster), the rest as on create. */
export const examEditFormSchema = examFormSchema.omit({ classKey: true });

/**
 * The 'Upload Exam Marks' form (spec section 5: exam required, exactly one CSV). The file is
 * checked by name here; the server checks its content (CSV, or a spreadsheet) again.
 */
export const marksUploadFormSchema = z.object({
  examId: z.string({ error: MSG.examRequired }).min(1, MSG.examRequired),
  csv: z.custom<{ name: string }>((v) => typeof v === 'object' && v !== null && /\.csv$/i.test(String((v as { name?: unknown }).name ?? '')), MSG.csvRequired),
});
/** The publish call's body: none (Fastify reads a missing body as null), `{}` or `{published}`; publishing is the default. */
export const publishExamSchema = z.strictObject({ published: z.boolean().default(true) }).nullish();

export const examSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  maxMarks: z.number(),
  weight: z.number(),
  date: z.string(),
  subjectId: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  sectionId: z.string(),
  section: z.string(),
  /** "CS301 · CSE-3A", what selects show. */
  label: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  /** Students with marks entered (absent included) / on the roster. */
  marked: z.number().int(),
  rosterSize: z.number().int(),
});
export type Exam = z.infer<typeof examSchema>;
export const examsResponse = z.object({ exams: z.array(examSchema) });
export const examResponse = z.object({ message: z.string().optional(), exam: examSchema });

/** A student's upcoming exam (student dashboard). */
export const upcomingExamSchema = z.object({ _id: z.string(), name: z.string(), kind: z.enum(EXAM_KINDS), date: z.string(), subjectCode: z.string(), subjectName: z.string(), maxMarks: z.number() });
export const upcomingExamsResponse = z.object({ exams: z.array(upcomingExamSchema) });

// Marks ---------------------------------------------------------------------------------------

/** One grid line: marks, or absent; `marks: null` and not absent clears the student's mark. */
export const markEntrySchema = z.strictObject({
  studentId: z.uuid('Invalid student'),
  marks: marksValue.nullable().default(null),
  absent: z.boolean().default(false),
  remarks: z.string().trim().max(200, 'Remarks too long').optional(),
});
export type MarkEntry = z.infer<typeof markEntrySchema>;
/** The grid's save: the listed students' marks; a student left out keeps theirs, `marks: null` + not absent clears one. */
export const saveMarksSchema = z.strictObject({ marks: z.array(markEntrySchema).max(1000) });

export const marksGridSchema = z.object({
  exam: examSchema,
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      rollNumber: z.string().nullable(),
      marks: z.number().nullable(),
      absent: z.boolean(),
      remarks: z.string().nullable(),
    }),
  ),
});
export type MarksGrid = z.infer<typeof marksGridSchema>;

/** The marks file: one row per student. 'AB', 'A' or 'Absent' in the marks column marks an absentee. */
export const MARKS_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'studentId', label: 'Student ID', required: true, aliases: ['roll no', 'roll number', 'rollNo', 'student'], example: 'CSE23001', hint: 'the roll number' },
  // Read by people, not by the import (the Student ID decides); the template fills it, the preview shows the stored name.
  { key: 'name', label: 'Name', aliases: ['student name'], example: 'Asha Rao', hint: 'for reading only: the Student ID decides whose marks a row holds' },
  { key: 'marks', label: 'Marks', required: true, aliases: ['mark', 'score'], example: '42.5', hint: 'a number up to the maximum, or AB for absent' },
  { key: 'remarks', label: 'Remarks', aliases: ['remark', 'comment'], example: '' },
];
export const MARKS_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
/** GET /assesment/exams/{id}/template: the exam's roster in the import's columns, marks left empty. */
export const marksTemplateQuery = z.strictObject({ format: z.enum(MARKS_TEMPLATE_FORMATS, { error: MSG.templateFormat }).default('csv') });
export const ABSENT_MARKERS = ['ab', 'a', 'abs', 'absent'] as const;
// Results -------------------------------------------------------------------------------------

export const performanceResponse = z.object({
  bySubject: z.array(z.object({ subject: z.string(), avgMarks: z.number() })),
  averageMarks: z.number(),
});
export type Performance = z.infer<typeof performanceResponse>;

export const resultExamSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  date: z.string(),
  maxMarks: z.number(),
  weight: z.number(),
  marks: z.number().nullable(),
  absent: z.boolean(),
});
export const resultsResponse = z.object({
  /** The grading scale the grades were given on (Settings; the page's legend shows it). */
  scale: z.array(z.object({ grade: z.string(), points: z.number(), min: z.number() })),
  subjects: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      credits: z.number(),
      semester: z.number(),
      percent: z.number(),
      grade: z.string(),
      gradePoint: z.number(),
      /** Weight of the published exams over the weight of all the subject's exams (0–100): below 100 the result is provisional. */
      publishedWeight: z.number(),
      exams: z.array(resultExamSchema),
    }),
  ),
  semesters: z.array(z.object({ semester: z.number(), sgpa: z.number() })),
  cgpa: z.number().nullable(),
});
export type Results = z.infer<typeof resultsResponse>;
/** `/results/students/{id}` and `/assesment/students/{id}/upcoming`: the account id or the student ID (issue 25). */
export const studentResultsParams = studentRefParams;
