// The demo college's academic year: realistic, complete, and usable by the demo accounts at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceSummary, StudentAttendance } from '@crs/shared/schemas/attendance';
import type { TimetableSlot } from '@crs/shared/schemas/academics';
import type { Settings } from '@crs/shared/schemas/settings';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { countRows, one, rows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { sql } from 'drizzle-orm';

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

describe('academics demo seed', () => {
  it("builds 5 departments, 40 subjects, 10 sections of 20 and ~200 students (and the CSE batch's first year), in reasonable time", async () => {
    expect(await countRows(t.ctx, 'departments')).toBe(5);
    expect(await countRows(t.ctx, 'subjects', 'semester in (3, 5)')).toBe(40);
    expect(await countRows(t.ctx, 'subjects', 'semester in (1, 2)')).toBe(10);
    expect(await countRows(t.ctx, 'sections', `academic_year = '2026-27'`)).toBe(10);
    expect(await countRows(t.ctx, 'section_students', `section_id in (select id from sections where academic_year = '2026-27')`)).toBe(200);
    expect(await countRows(t.ctx, 'users', `'Student' = any(roles)`)).toBeGreaterThanOrEqual(200);
    expect(await countRows(t.ctx, 'teaching_assignments', `section_id in (select id from sections where academic_year = '2026-27')`)).toBe(40);
    // Last year: CSE-1A/1B and CSE-2A/2B, the same 40 students as CSE-3A/3B, five subjects each.
    const past = await rows<{ name: string; semester: number; students: number; subjects: number }>(
      t.ctx,
      sql`select s.name, s.semester, (select count(*)::int from section_students ss where ss.section_id = s.id) as students,
          (select count(*)::int from teaching_assignments a where a.section_id = s.id) as subjects
          from sections s where s.academic_year = '2025-26' order by s.name`,
    );
    expect(past).toEqual(['CSE-1A', 'CSE-1B', 'CSE-2A', 'CSE-2B'].map((name) => ({ name, semester: Number(name[4]), students: 20, subjects: 5 })));
    // Two recorded rollovers promoted the batch, each student once per term.
    expect(await countRows(t.ctx, 'rollover_runs')).toBe(2);
    expect(await countRows(t.ctx, 'rollover_students', `action = 'promote'`)).toBe(80);
    console.log(`demo seed (all modules): ${Math.round(seedMs)} ms; sessions ${await countRows(t.ctx, 'attendance_sessions')}, records ${await countRows(t.ctx, 'attendance_records')}`);
  });

  it('gives the demo teacher and the demo student classes on every working day (Monday to Saturday) between 09:00 and 17:00', async () => {
    for (const email of ['teacher@demo.crs', 'student@demo.crs']) {
      const res = await t.app.inject({ url: '/api/v1/academics/timetable/me', headers: await as(email) });
      expect(res.statusCode, res.body).toBe(200);
      const slots = (res.json() as { slots: TimetableSlot[] }).slots;
      expect(new Set(slots.map((s) => s.weekday))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
      expect(slots.every((s) => s.start >= '09:00' && s.end <= '17:00')).toBe(true);
    }
    const subjects = await t.app.inject({ url: '/api/v1/teachers/my-subjects', headers: await as('teacher@demo.crs') });
    const list = (subjects.json() as { subjects: Array<{ code: string; section: string }> }).subjects;
    expect(list.map((s) => `${s.code} ${s.section}`).sort()).toEqual(['CS301 CSE-3A', 'CS301 CSE-3B', 'CS302 CSE-3A', 'CS503 CSE-5A']);
  });

  it('has eight weeks of attendance: the demo teacher sees realistic percentages, some students under 75 %', async () => {
    const res = await t.app.inject({ url: '/api/v1/attendance/summary', headers: await as('teacher@demo.crs') });
    const s = res.json() as AttendanceSummary;
    expect(s.byClass).toHaveLength(4);
    for (const c of s.byClass) {
      expect(c.class).toMatch(/^CS\d{3} · CSE-\d[AB]$/);
      expect(c.sessions).toBeGreaterThanOrEqual(24);
      expect(c.att).toBeGreaterThan(70);
      expect(c.att).toBeLessThan(95);
    }
    const me = (await t.app.inject({ url: '/api/v1/attendance/me', headers: await as('student@demo.crs') })).json() as StudentAttendance;
    expect(me.overall.att).toBeGreaterThan(75);
    expect(me.bySubject).toHaveLength(4);
    const { n: under } = await one<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from (select r.student_id from attendance_records r group by r.student_id
          having 100.0 * count(*) filter (where status in ('present', 'late')) / nullif(count(*) filter (where status <> 'excused'), 0) < 75) x`,
    );
    expect(under).toBeGreaterThan(10);
  });

  it("keeps one student record: each demo student's section is their enrolment, and no person's department is unmatched", async () => {
    const { n: mismatched } = await one<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from users u where 'Student' = any(u.roles) and u.status = 'active'
          and (u.section_id is null or not exists (select 1 from section_students ss where ss.section_id = u.section_id and ss.student_id = u.id))`,
    );
    expect(mismatched).toBe(0);
    expect(await one(t.ctx, sql`select u.section, d.code from users u join departments d on d.id = u.department_id where u.email = 'student@demo.crs'`)).toEqual({ section: 'CSE-3A', code: 'CSE' });
    const unmatched = await t.app.inject({ url: '/api/v1/users/unmatched', headers: await as('admin@demo.crs') });
    expect(unmatched.json()).toEqual({ users: [], total: 0 });
  });

  it('holds no class and no attendance on a Sunday, and dates attendance and exams inside the running term Settings shows', async () => {
    expect(await countRows(t.ctx, 'timetable_slots', 'weekday = 7')).toBe(0);
    expect(await countRows(t.ctx, 'attendance_sessions')).toBeGreaterThan(1000);
    expect(await countRows(t.ctx, 'attendance_sessions', 'extract(isodow from date) = 7')).toBe(0);
    expect(await countRows(t.ctx, 'attendance_sessions', 'extra')).toBe(0);

    const res = await t.app.inject({ url: '/api/v1/settings', headers: await as('superadmin@demo.crs') });
    expect(res.statusCode, res.body).toBe(200);
    const { terms } = (res.json() as { settings: Settings }).settings;
    const today = collegeClock(t.ctx.config.timeZone).date;
    const running = terms.find((x) => x.start <= today && today <= x.end);
    expect(running, JSON.stringify(terms)).toBeDefined();
    // Live: begun weeks ago (all eight weeks of history in it), weeks still to go.
    expect(running!.start <= addDays(today, -8 * 7)).toBe(true);
    expect(running!.end >= addDays(today, 3 * 7)).toBe(true);
    const span = await one<{ first: string; last: string; sundays: number; n: number }>(
      t.ctx,
      sql`select min(exam_date)::text as first, max(exam_date)::text as last, count(*) filter (where extract(isodow from exam_date) = 7)::int as sundays, count(*)::int as n
          from exams where section_id in (select id from sections where academic_year = '2026-27')`,
    );
    expect(span.n).toBeGreaterThan(0);
    expect(span.first >= running!.start && span.last <= running!.end, `${span.first}..${span.last} in ${running!.start}..${running!.end}`).toBe(true);
    expect(span.sundays).toBe(0);
    // The finished first year's exams: before the running term, semester 1's before semester 2's, none on a Sunday.
    const finished = await rows<{ semester: number; first: string; last: string; sundays: number }>(
      t.ctx,
      sql`select s.semester, min(e.exam_date)::text as first, max(e.exam_date)::text as last, count(*) filter (where extract(isodow from e.exam_date) = 7)::int as sundays
          from exams e join sections s on s.id = e.section_id where s.academic_year = '2025-26' group by s.semester order by s.semester`,
    );
    expect(finished.map((f) => f.semester)).toEqual([1, 2]);
    expect(finished[0]!.last < finished[1]!.first && finished[1]!.last < running!.start, JSON.stringify(finished)).toBe(true);
    expect(finished.every((f) => f.sundays === 0)).toBe(true);
    const taken = await one<{ first: string }>(t.ctx, sql`select min(date)::text as first from attendance_sessions`);
    expect(taken.first >= running!.start).toBe(true);
  });
});
