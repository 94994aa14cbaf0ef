import type { AttendanceStatus } from '@crs/shared/schemas/attendance';
import type { AppContext } from '../../context.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import { prng } from '../../lib/prng.ts';
import * as academics from '../academics/academics.service.ts';
import * as repo from './attendance.repository.ts';

// Eight weeks of demo attendance up to yesterday (today's classes are left for the teacher to
// take): every timetabled class held except on Sundays (issue 25), each student with their own habit — most attend 80–97 %,
// about one in six sits under the 75 % threshold; late is rare, excused (medical leave) rarer.

export const DEMO_WEEKS = 8;

/** Seeds the demo history through the academics service's reads; false when there is no timetable. */
export const seedDemoAttendance = (ctx: AppContext) => seedHistory(ctx, undefined, DEMO_WEEKS);

/** `weeks` of history up to yesterday for one teacher's classes (undefined: everyone's). */
export async function seedHistory(ctx: AppContext, teacherId: string | undefined, weeks: number): Promise<boolean> {
  const rand = prng(8);
  const today = collegeClock(ctx.config.timeZone).date;
  const assignments = await academics.teachingOf(ctx, teacherId);
  if (assignments.length === 0) return false;
  const habit = new Map<string, number>();
  const habitOf = (studentId: string, email: string) => {
    let h = habit.get(studentId);
    if (h === undefined) {
      h = email === 'student@demo.crs' ? 0.88 : rand() < 0.17 ? 0.55 + rand() * 0.18 : 0.8 + rand() * 0.17;
      habit.set(studentId, h);
    }
    return h;
  };
  const sessions: Parameters<typeof repo.insertSeedSessions>[1] = [];
  const startsOf = new Map<string, number[]>();
  for (let wd = 1; wd <= 7; wd++) {
    for (const s of await academics.slotsOfTeacherOn(ctx, teacherId, wd)) startsOf.set(`${s.assignmentId}|${wd}`, [...(startsOf.get(`${s.assignmentId}|${wd}`) ?? []), s.startMin]);
  }
  const rosters = new Map<string, Awaited<ReturnType<typeof academics.sectionRoster>>>();
  for (const a of assignments) {
    let roster = rosters.get(a.sectionId);
    if (!roster) rosters.set(a.sectionId, (roster = await academics.sectionRoster(ctx, a.sectionId)));
    for (let d = weeks * 7; d >= 1; d--) {
      const date = addDays(today, -d);
      if (weekdayOf(date) === 7) continue;
      for (const startMin of startsOf.get(`${a.id}|${weekdayOf(date)}`) ?? []) {
        const records = roster.map((s) => {
          const r = rand();
          const h = habitOf(s.id, s.email);
          const status: AttendanceStatus = r < 0.015 ? 'excused' : r < h ? (rand() < 0.06 ? 'late' : 'present') : 'absent';
          return { studentId: s.id, status };
        });
        const markedAt = new Date(`${date}T${String(Math.floor(startMin / 60)).padStart(2, '0')}:${String(startMin % 60).padStart(2, '0')}:00+05:30`);
        sessions.push({ assignmentId: a.id, date, startMin, userId: a.teacherId, records, markedAt: new Date(markedAt.getTime() + 10 * 60_000) });
      }
    }
  }
  // Committed in batches of sessions so the embedded database answers between them.
  for (let i = 0; i < sessions.length; i += 200) {
    await ctx.db.transaction((tx) => repo.insertSeedSessions(tx, sessions.slice(i, i + 200)));
  }
  return true;
}
