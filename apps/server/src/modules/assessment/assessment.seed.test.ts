// The demo semester (issue 12 item 9): on a fresh database the demo student has a CGPA, upcoming
// exams and results with a realistic spread; the demo teacher's analytics and materials are real.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTo } from '@crs/shared/schemas/assessment';
import { DEFAULT_GRADE_SCALE } from '@crs/shared/schemas/settings';
import type { Performance, Results } from '@crs/shared/schemas/assessment';
import type { TranscriptDocument } from '@crs/shared/schemas/transcripts';
import type { Material } from '@crs/shared/schemas/materials';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, one, rows } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { DEMO_EXAM_PLAN } from './assessment.seed.ts';

let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  expect(await seedDemo(t.ctx)).toBe(true);
  seedMs = performance.now() - started;
}, 120_000);
afterAll(() => t.close());

const as = async (email: string) => ({ authorization: `Bearer ${(await login(t.app, email, DEMO_PASSWORD)).token}` });
const get = async <T>(url: string, email: string): Promise<T> => {
  const res = await t.app.inject({ url: `/api/v1${url}`, headers: await as(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('assessment demo seed', () => {
  it('gives every class the semester pattern with weights summing to 100, most of it marked and published', async () => {
    expect(DEMO_EXAM_PLAN.reduce((s, e) => s + e.weight, 0)).toBe(100);
    const classes = await countRows(t.ctx, 'teaching_assignments');
    expect(await countRows(t.ctx, 'exams')).toBe(classes * DEMO_EXAM_PLAN.length);
    const weights = await rows<{ total: number }>(t.ctx, sql`select sum(weight)::float8 as total from exams group by subject_id, section_id`);
    expect(weights.every((w) => w.total === 100)).toBe(true);
    // This term's classes: most published; the first year's (4 sections × 5 subjects): all of it.
    const finished = 4 * 5;
    expect(await countRows(t.ctx, 'exams', 'published_at is not null')).toBe((classes - finished) * DEMO_EXAM_PLAN.filter((e) => e.published).length + finished * DEMO_EXAM_PLAN.length);
    // Every student of a class has a mark (or is absent) in each marked exam.
    expect(await countRows(t.ctx, 'exam_marks')).toBe(200 * 4 * DEMO_EXAM_PLAN.filter((e) => e.marked).length + 20 * finished * DEMO_EXAM_PLAN.length);
    expect(await countRows(t.ctx, 'exam_marks', 'marks > (select max_marks from exams where exams.id = exam_id)')).toBe(0);
    console.log(`demo seed with exams and materials: ${Math.round(seedMs)} ms`);
  });

  it('spreads marks realistically: a few absentees, a few failing percentages, a sensible average', async () => {
    const absent = await countRows(t.ctx, 'exam_marks', 'absent');
    expect(absent).toBeGreaterThan(10);
    expect(absent).toBeLessThan(250);
    const spread = await one<{ avg: number; failing: number; toppers: number }>(
      t.ctx,
      sql`select avg(p)::float8 as avg, count(*) filter (where p < 40)::int as failing, count(*) filter (where p >= 90)::int as toppers
          from (select m.student_id, e.subject_id, sum(coalesce(m.marks, 0) / e.max_marks * e.weight) / sum(e.weight) * 100 as p
                from exam_marks m join exams e on e.id = m.exam_id where e.published_at is not null group by 1, 2) x`,
    );
    expect(spread.avg).toBeGreaterThan(55);
    expect(spread.avg).toBeLessThan(80);
    expect(spread.failing).toBeGreaterThan(2);
    expect(spread.failing).toBeLessThan(80);
    expect(spread.toppers).toBeGreaterThan(2);
  });

  it('gives the demo student a CGPA over published exams that follows from the subjects, every finished term, and upcoming exams', async () => {
    const r = await get<Results>('/results/me', 'student@demo.crs');
    // The first year (semesters 1 and 2, all published), then this term's subjects.
    expect(r.subjects.map((s) => s.code)).toEqual(['EE101', 'HS101', 'MA101', 'ME101', 'PH101', 'CS201', 'CY201', 'EC201', 'MA201', 'ME201', 'CS301', 'CS302', 'CS303', 'CS304']);
    expect(r.semesters.map((s) => s.semester)).toEqual([1, 2, 3]);
    expect(r.cgpa).not.toBeNull();
    expect(r.cgpa!).toBeGreaterThanOrEqual(7);
    expect(r.cgpa!).toBeLessThanOrEqual(10);
    for (const s of r.subjects) {
      const finished = s.semester < 3;
      expect(s.exams.map((e) => e.name)).toEqual(DEMO_EXAM_PLAN.filter((e) => finished || e.published).map((e) => e.name));
      expect(s.publishedWeight).toBe(finished ? 100 : 50);
      expect(DEFAULT_GRADE_SCALE.find((g) => g.grade === s.grade)?.points).toBe(s.gradePoint);
      expect(s.gradePoint).toBeGreaterThan(0);
    }
    const gpa = (list: Results['subjects']) => roundTo(list.reduce((n, s) => n + s.credits * s.gradePoint, 0) / list.reduce((n, s) => n + s.credits, 0), 2);
    expect(r.cgpa).toBe(gpa(r.subjects));
    for (const sem of r.semesters) expect(sem.sgpa).toBe(gpa(r.subjects.filter((s) => s.semester === sem.semester)));

    // The consolidated transcript: every finished term and this one, SGPA, credits and the CGPA.
    const [me] = await rows<{ id: string }>(t.ctx, sql`select id from users where email = 'student@demo.crs'`);
    const doc = await get<TranscriptDocument>(`/students/${me!.id}/transcript`, 'student@demo.crs');
    expect(doc.terms.map((x) => [x.term, x.credits, x.sgpa])).toEqual(r.semesters.map((x) => [x.semester, r.subjects.filter((s) => s.semester === x.semester).reduce((n, s) => n + s.credits, 0), x.sgpa]));
    expect(doc.terms.map((x) => x.credits)).toEqual([17, 17, 14]);
    expect(doc.cgpa).toBe(r.cgpa);
    expect(doc.totalCredits).toBe(48);

    // This term's screens: only this term's four courses.
    const courses = await get<{ courses: Array<{ code: string }> }>('/academics/courses/me', 'student@demo.crs');
    expect(courses.courses.map((c) => c.code).sort()).toEqual(['CS301', 'CS302', 'CS303', 'CS304']);

    const upcoming = (await get<{ exams: Array<{ name: string; date: string; subjectCode: string }> }>('/assesment/exams/upcoming', 'student@demo.crs')).exams;
    const today = collegeClock(t.ctx.config.timeZone).date;
    expect(upcoming.map((e) => e.subjectCode).sort()).toEqual(['CS301', 'CS302', 'CS303', 'CS304']);
    expect(upcoming.every((e) => e.name === 'End-Semester Examination' && e.date > today)).toBe(true);
  });

  it('gives a few students of the batch one back paper in the first year, and grades spread across the scale', async () => {
    const grades = await rows<{ student_id: string; failed: number }>(
      t.ctx,
      sql`select student_id, count(*) filter (where p < 40)::int as failed
          from (select m.student_id, e.subject_id, sum(coalesce(m.marks, 0) / e.max_marks * e.weight) / sum(e.weight) * 100 as p
                from exam_marks m join exams e on e.id = m.exam_id join sections s on s.id = e.section_id
                where s.academic_year = '2025-26' group by 1, 2) x group by 1`,
    );
    expect(grades).toHaveLength(40);
    const withBack = grades.filter((g) => g.failed > 0);
    expect(withBack.length).toBe(3);
    expect(withBack.every((g) => g.failed === 1)).toBe(true);
    const spread = await rows<{ band: number }>(
      t.ctx,
      sql`select distinct floor(p / 10)::int as band from (select m.student_id, e.subject_id, sum(coalesce(m.marks, 0) / e.max_marks * e.weight) / sum(e.weight) * 100 as p
          from exam_marks m join exams e on e.id = m.exam_id join sections s on s.id = e.section_id where s.academic_year = '2025-26' group by 1, 2) x`,
    );
    expect(spread.length).toBeGreaterThanOrEqual(5);
  });

  it("shows the demo teacher's marks by subject and their materials, which their students can open", async () => {
    const perf = await get<Performance>('/analytics/performance', 'teacher@demo.crs');
    expect(perf.bySubject.map((s) => s.subject)).toEqual(['Computer Networks', 'Data Structures', 'Database Management Systems']);
    expect(perf.averageMarks).toBeGreaterThan(50);
    expect(perf.averageMarks).toBeLessThan(85);

    expect(await countRows(t.ctx, 'materials')).toBeGreaterThanOrEqual(10);
    const mine = (await get<{ materials: Material[] }>('/teachers/materials', 'teacher@demo.crs')).materials;
    expect(mine.map((m) => m.type).sort()).toEqual(['notes', 'notes', 'researches']);
    const notes = mine.find((m) => m.subject?.code === 'CS301')!;
    const file = await t.app.inject({ url: notes.file.url, headers: await as('student@demo.crs') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
