import type { ExamKind } from '@crs/shared/schemas/assessment';
import type { AppContext } from '../../context.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import { prng } from '../../lib/prng.ts';
import * as academics from '../academics/academics.read.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './assessment.repository.ts';

// The demo semester's exams (issue 12 item 9): every seeded class (subject + section) has the
// usual pattern of an Indian engineering college's odd semester, dated around today so the demo
// never goes stale — two internal assessments, a mid-semester exam and an assignment already
// held, the end-semester exam still ahead (the student's upcoming exams). The first three are
// marked and published; the second internal is marked but not yet published (the teacher still
// has something to publish), so results are running results over half the weight. Each student
// has an ability and each subject a difficulty, so marks spread realistically: a few failures, a
// few absentees. The demo student (Aarav Sharma) is a good student; results come to about 8 CGPA.
// Classes of a finished term (the demo student's batch's first year, issue 27 item 7) had the same
// pattern half a year per term earlier, every exam marked and published — their grade cards — and
// a few students of the batch have one back paper (failed a subject) there; everyone else sat and
// passed every paper of a finished term.

type Plan = { name: string; kind: ExamKind; maxMarks: number; weight: number; daysFromToday: number; marked: boolean; published: boolean };

/** The semester's exams of one class; weights sum to 100. */
export const DEMO_EXAM_PLAN: readonly Plan[] = [
  { name: 'Internal Assessment I', kind: 'internal', maxMarks: 25, weight: 15, daysFromToday: -70, marked: true, published: true },
  { name: 'Mid-Semester Examination', kind: 'mid-term', maxMarks: 50, weight: 25, daysFromToday: -42, marked: true, published: true },
  { name: 'Assignment 1', kind: 'assignment', maxMarks: 10, weight: 10, daysFromToday: -21, marked: true, published: true },
  { name: 'Internal Assessment II', kind: 'internal', maxMarks: 25, weight: 15, daysFromToday: -9, marked: true, published: false },
  { name: 'End-Semester Examination', kind: 'end-term', maxMarks: 100, weight: 35, daysFromToday: 12, marked: false, published: false },
];

const DEMO_STUDENT = 'student@demo.crs';
const ABSENT_RATE = 0.02;
/** Students of the finished terms who failed one subject (a back paper). */
const BACK_PAPERS = 3;
/** About half a year: how much earlier a finished term's exams were than the running term's. */
const TERM_DAYS = 182;
/** The order of a term: academic year, then odd before even (a section's semester says which). */
const termIndex = (a: { academicYear: string; semester: number }) => Number(a.academicYear.slice(0, 4)) * 2 + (a.semester % 2 === 0 ? 1 : 0);

/** A normal deviate (Box–Muller) from the uniform generator. */
const gaussian = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** No exam on a Sunday: it moves to the Saturday before (the Monday after when that leaves the term). */
const workingDay = (date: string, from: string) => (weekdayOf(date) !== 7 ? date : addDays(date, -1) >= from ? addDays(date, -1) : addDays(date, 1));

/**
 * Seeds the semester's exams and marks of every teaching assignment, through academics' read
 * interface; false when there is nothing taught yet or exams exist already. Written in a few short
 * transactions so the embedded database keeps answering.
 */
export async function seedDemoAssessment(ctx: AppContext): Promise<boolean> {
  if ((await repo.listExams(ctx.db, undefined)).length > 0) return false;
  const assignments = await academics.allAssignments(ctx);
  if (assignments.length === 0) return false;
  const rand = prng(12);
  const today = collegeClock(ctx.config.timeZone).date;
  // Every exam inside the running term Settings shows (issue 25; the demo terms are placed around today).
  const term = await settings.termOn(ctx, today);
  const inTerm = (date: string) => (!term ? date : date < term.start ? term.start : date > term.end ? term.end : date);

  const rosters = new Map<string, Awaited<ReturnType<typeof academics.sectionRoster>>>();
  for (const sectionId of new Set(assignments.map((a) => a.sectionId))) rosters.set(sectionId, await academics.sectionRoster(ctx, sectionId));
  const ability = new Map<string, number>();
  const abilityOf = (s: { id: string; email: string }) => {
    let a = ability.get(s.id);
    if (a === undefined) {
      a = s.email === DEMO_STUDENT ? 0.82 : clamp(0.66 + 0.13 * gaussian(rand), 0.25, 0.97);
      ability.set(s.id, a);
    }
    return a;
  };

  // The running term is the latest one taught; an earlier class belongs to a finished term.
  const running = Math.max(...assignments.map(termIndex));
  const finished = assignments.filter((a) => termIndex(a) < running);
  const backPaper = new Set<string>();
  for (let i = 0; i < BACK_PAPERS && finished.length > 0; i++) {
    const a = finished[Math.floor(rand() * finished.length)]!;
    const roster = (rosters.get(a.sectionId) ?? []).filter((s) => s.email !== DEMO_STUDENT && ![...backPaper].some((k) => k.endsWith(`|${s.id}`)));
    if (roster.length > 0) backPaper.add(`${a.id}|${roster[Math.floor(rand() * roster.length)]!.id}`);
  }

  const exams: repo.ExamValues[] = [];
  const marksOf: Array<Array<repo.MarkValues & { markedAt: Date }>> = [];
  const perSection = new Map<string, number>();
  for (const a of assignments) {
    const k = perSection.get(a.sectionId) ?? 0;
    perSection.set(a.sectionId, k + 1);
    const difficulty = -0.08 + rand() * 0.13;
    const roster = rosters.get(a.sectionId) ?? [];
    const termsBack = running - termIndex(a);
    for (const plan of termsBack > 0 ? DEMO_EXAM_PLAN.map((p) => ({ ...p, marked: true, published: true })) : DEMO_EXAM_PLAN) {
      // Each class of a section sits its paper on a different day; a finished term's half a year per term earlier.
      const date =
        termsBack > 0
          ? workingDay(addDays(today, plan.daysFromToday + k * 2 - TERM_DAYS * termsBack), '0000-01-01')
          : workingDay(inTerm(addDays(today, plan.daysFromToday + k * 2)), term?.start ?? '0000-01-01');
      const resultDay = new Date(`${addDays(date, 6)}T11:00:00+05:30`);
      exams.push({
        subjectId: a.subjectId,
        sectionId: a.sectionId,
        name: plan.name,
        kind: plan.kind,
        maxMarks: plan.maxMarks,
        weight: plan.weight,
        examDate: date,
        createdBy: a.teacherId,
        publishedAt: plan.published ? resultDay : null,
      });
      marksOf.push(
        plan.marked
          ? roster.map((s) => {
              if (s.email !== DEMO_STUDENT && termsBack === 0 && rand() < ABSENT_RATE) return { studentId: s.id, marks: null, absent: true, remarks: 'Absent', markedAt: resultDay };
              // A finished term: everyone passed each paper but the few with a back paper there.
              const failing = backPaper.has(`${a.id}|${s.id}`);
              const [lo, hi] = failing ? [0, 0.36] : termsBack > 0 ? [0.42, 1] : [0, 1];
              const fraction = clamp((failing ? 0.22 : abilityOf(s) + difficulty) + 0.08 * gaussian(rand), lo, hi);
              // Marks out of 10 are whole numbers; larger papers are marked to the half mark.
              const step = plan.maxMarks <= 10 ? 1 : 0.5;
              return { studentId: s.id, marks: Math.round((fraction * plan.maxMarks) / step) * step, absent: false, remarks: null, markedAt: resultDay };
            })
          : [],
      );
    }
  }

  const ids = await ctx.db.transaction((tx) => repo.insertExams(tx, exams));
  const rows = ids.flatMap((examId, i) => marksOf[i]!.map((m) => ({ ...m, examId, markedBy: exams[i]!.createdBy })));
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    await ctx.db.transaction((tx) => repo.insertSeedMarks(tx, batch));
  }
  return true;
}
