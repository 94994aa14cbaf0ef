import { z } from 'zod';
import { MSG } from '../messages.ts';
import { academicYearField } from './academics.ts';
import { idParamsWith, uuidField } from './common.ts';

/**
 * The semester rollover (issue 27 item 4, decision 0045): `POST /academics/rollover?dryRun=true`
 * previews what closing a term does, `POST /academics/rollover` does it in one transaction, and
 * `GET /academics/rollover/{runId}` answers a recorded run. The academics module owns it.
 */

/** The programme every department runs (the one place the rule lives): its degree and its last semester. */
export const PROGRAMME = { degree: 'B.Tech', finalSemester: 8 } as const;
/** Whether students of `semester` graduate when their term closes. */
export const isFinalSemester = (semester: number) => semester >= PROGRAMME.finalSemester;
/** The batch of students graduating in `graduationYear` ("2023-2027"): admission year to graduation year. */
export const batchOf = (graduationYear: number) => `${graduationYear - PROGRAMME.finalSemester / 2}-${graduationYear}`;
/** The calendar year a term of `academicYear` ("2026-27") graduates in: the year it ends (2027). */
export const graduationYearOf = (academicYear: string) => Number(academicYear.slice(0, 4)) + 1;

/** The two terms of an academic year: odd semesters (1, 3, 5, 7) then even ones. */
export const TERM_KINDS = ['odd', 'even'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
export const ROLLOVER_ACTIONS = ['promote', 'hold', 'graduate'] as const;
export type RolloverAction = (typeof ROLLOVER_ACTIONS)[number];

/** The term after the closing one: odd → even of the same year; even → odd of the next year. */
export function nextTermOf(academicYear: string, term: TermKind): { academicYear: string; term: TermKind } {
  if (term === 'odd') return { academicYear, term: 'even' };
  const start = Number(academicYear.slice(0, 4)) + 1;
  return { academicYear: `${start}-${String((start + 1) % 100).padStart(2, '0')}`, term: 'odd' };
}
/** The academic year a section of `semester` moves to: an odd semester's next is in the same year. */
export const nextYearOf = (academicYear: string, semester: number) => (semester % 2 === 1 ? academicYear : nextTermOf(academicYear, 'even').academicYear);
/** The name of the next semester's section: its semester number replaced ("CSE-3A" → "CSE-4A"), else "-S4" appended. */
export function nextSectionName(name: string, semester: number): string {
  const m = /^(.*?)(\d+)([A-Z]*)$/.exec(name);
  if (m && Number(m[2]) === semester) return `${m[1]}${semester + 1}${m[3]}`;
  return `${name}-S${semester + 1}`.slice(0, 20);
}

export const rolloverOverrideSchema = z.strictObject({
  studentId: uuidField(MSG.studentNotFound),
  action: z.enum(ROLLOVER_ACTIONS, { error: MSG.rolloverActionUnknown }),
});
/** The body of both calls: the closing term and the Admin's per-student choices. */
export const rolloverSchema = z.strictObject({
  academicYear: academicYearField,
  term: z.enum(TERM_KINDS, { error: MSG.rolloverTermUnknown }),
  overrides: z.array(rolloverOverrideSchema, { error: MSG.rolloverOverrides }).max(20000, MSG.rolloverOverrides).default([]),
});
export type RolloverInput = z.input<typeof rolloverSchema>;

export const rolloverQuery = z.strictObject({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const rolloverRunParams = z.strictObject({ runId: uuidField(MSG.rolloverNotFound) });

export const rolloverStudentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  action: z.enum(ROLLOVER_ACTIONS),
  /** Why the rule holds the student back (or null). */
  reason: z.string().nullable(),
  /** The Admin chose the action over the rule's. */
  overridden: z.boolean(),
  /** Attendance in the closing term, percent (null: no session recorded). */
  attendance: z.number().nullable(),
  failedCredits: z.number(),
});
export type RolloverStudent = z.infer<typeof rolloverStudentSchema>;

export const rolloverSectionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  department: z.string(),
  semester: z.number(),
  academicYear: z.string(),
  /** The section the promoted students join (null: the final semester graduates). */
  next: z.object({ name: z.string(), academicYear: z.string(), semester: z.number(), exists: z.boolean() }).nullable(),
  students: z.array(rolloverStudentSchema),
  /** Subjects offered to the next section, each with the teacher carried over (null: left empty). */
  subjects: z.array(z.object({ code: z.string(), name: z.string(), credits: z.number(), teacher: z.string().nullable() })),
});
export type RolloverSection = z.infer<typeof rolloverSectionSchema>;

export const rolloverCountsSchema = z.object({
  students: z.number(),
  promoted: z.number(),
  held: z.number(),
  graduated: z.number(),
  sectionsCreated: z.number(),
  assignmentsCarried: z.number(),
  assignmentsEmpty: z.number(),
  alumniCreated: z.number(),
});
export type RolloverCounts = z.infer<typeof rolloverCountsSchema>;

export const rolloverPlanSchema = z.object({
  academicYear: z.string(),
  term: z.enum(TERM_KINDS),
  nextAcademicYear: z.string(),
  nextTerm: z.enum(TERM_KINDS),
  /** The rule in force when planned (Settings). */
  rule: z.object({ attendanceBelow: z.number(), failedCreditsAbove: z.number().nullable() }),
  sections: z.array(rolloverSectionSchema),
  counts: rolloverCountsSchema,
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

/** Both calls and GET /academics/rollover/{runId}: the plan, and for a run when it was recorded. */
export const rolloverResponse = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  /** A second run (or a preview) of a term already rolled over: the recorded run, nothing changed. */
  alreadyRun: z.boolean(),
  runId: z.string().nullable(),
  ranAt: z.string().nullable(),
  plan: rolloverPlanSchema,
});
export type RolloverResponse = z.infer<typeof rolloverResponse>;

/** POST /alumni/from-graduates: alumni records for a batch's graduates ("2023-2027"). */
export const fromGraduatesSchema = z.strictObject({
  batch: z
    .string({ error: MSG.rolloverBatchFormat })
    .trim()
    .regex(/^\d{4}-\d{4}$/, MSG.rolloverBatchFormat),
});
export const fromGraduatesResponse = z.object({ message: z.string(), graduates: z.number(), created: z.number() });

export const rolloverIdParams = idParamsWith(MSG.rolloverNotFound);
