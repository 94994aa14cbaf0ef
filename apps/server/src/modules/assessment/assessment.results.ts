import { roundTo } from '@crs/shared/schemas/assessment';
import type { Results } from '@crs/shared/schemas/assessment';
import { gradeOn } from '@crs/shared/schemas/settings';
import type { GradeBand } from '@crs/shared/schemas/settings';
import type { ExamRow, MarkRow } from './assessment.repository.ts';

/**
 * Results from a student's exams (all of their sections' exams; only published ones count) and
 * their marks. Rules (decision 0026):
 * - A subject's percent = Σ(marks/max × weight) / Σ weight × 100 over its PUBLISHED exams, to two
 *   decimals. Absent, or no mark entered in a published exam, counts as 0. If every published
 *   exam has weight 0 the exams count equally. A subject with no published exam has no result
 *   yet and is left out (of SGPA and CGPA too).
 * - Partial results: while only some exams are published the percent is over the published
 *   weight only (a running result); `publishedWeight` says how much of the subject's total
 *   weight that is, and the web marks such a result provisional.
 * - Grade and grade point from the rounded percent on the grading scale in force (Settings).
 * - SGPA of a semester = Σ(credits × grade point) / Σ credits over its subjects with a result and
 *   credits > 0; CGPA the same over all of them (not an average of SGPAs); both to two decimals;
 *   CGPA null while nothing is published.
 */
export function computeResults(
  exams: ReadonlyArray<Omit<ExamRow, 'marked'> & { subjectCode: string; subjectName: string; credits: number; semester: number }>,
  marks: ReadonlyMap<string, MarkRow>,
  scale: readonly GradeBand[],
): Results {
  const bySubject = new Map<string, typeof exams>();
  for (const e of exams) bySubject.set(e.subjectId, [...(bySubject.get(e.subjectId) ?? []), e]);

  const subjects: Results['subjects'] = [];
  for (const list of bySubject.values()) {
    const published = list.filter((e) => e.publishedAt !== null);
    if (published.length === 0) continue;
    const first = list[0]!;
    const totalWeight = list.reduce((s, e) => s + Number(e.weight), 0);
    const publishedWeight = published.reduce((s, e) => s + Number(e.weight), 0);
    const equal = publishedWeight === 0;
    let score = 0;
    for (const e of published) {
      const m = marks.get(e.id);
      const fraction = m && !m.absent && m.marks !== null ? Number(m.marks) / e.maxMarks : 0;
      score += fraction * (equal ? 1 : Number(e.weight));
    }
    const percent = roundTo((score / (equal ? published.length : publishedWeight)) * 100, 2);
    subjects.push({
      code: first.subjectCode,
      name: first.subjectName,
      credits: first.credits,
      semester: first.semester,
      percent,
      ...gradeOn(scale, percent),
      publishedWeight: totalWeight === 0 ? 100 : roundTo((publishedWeight / totalWeight) * 100, 1),
      exams: published.map((e) => {
        const m = marks.get(e.id);
        return { _id: e.id, name: e.name, kind: e.kind, date: e.examDate, maxMarks: e.maxMarks, weight: Number(e.weight), marks: m?.marks ?? null, absent: m?.absent ?? false };
      }),
    });
  }
  subjects.sort((a, b) => a.semester - b.semester || a.code.localeCompare(b.code));

  const gpa = (list: typeof subjects) => {
    const credits = list.reduce((s, x) => s + x.credits, 0);
    return credits > 0 ? roundTo(list.reduce((s, x) => s + x.credits * x.gradePoint, 0) / credits, 2) : null;
  };
  const semesters = [...new Set(subjects.map((s) => s.semester))]
    .sort((a, b) => a - b)
    .flatMap((semester) => {
      const sgpa = gpa(subjects.filter((s) => s.semester === semester));
      return sgpa === null ? [] : [{ semester, sgpa }];
    });
  return { scale: [...scale], subjects, semesters, cgpa: gpa(subjects) };
}
