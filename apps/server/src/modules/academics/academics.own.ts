import { MSG } from '@crs/shared/messages';
import { hasAnyRole } from '@crs/shared/roles';
import { hhmmOf } from '@crs/shared/schemas/academics';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import { presentSlot } from './academics.presenter.ts';
import type { PersonCard } from './academics.presenter.ts';
import { assignmentsOfStudent, assignmentsOfTeacher } from './academics.read.ts';
import * as repo from './academics.repository.ts';
import type { SlotRow } from './academics.repository.ts';

// The caller's own teaching, courses and week (the spec's teacher calls and /academics/*/me), read
// through academics.read.ts; academics' routes alone call these.

/** GET /teachers/my-subjects: the caller's teaching assignments as `{name, code, section}` (+ ids, counts). */
export async function mySubjects(ctx: AppContext, p: Principal) {
  const rows = await assignmentsOfTeacher(ctx, p.user.id);
  return {
    subjects: rows.map((r) => ({
      name: r.subjectName,
      code: r.subjectCode,
      section: r.section,
      assignmentId: r.id,
      subjectId: r.subjectId,
      sectionId: r.sectionId,
      semester: r.semester,
      credits: r.credits,
      students: r.students,
    })),
  };
}

/** GET /teachers/upcoming-classes: the caller's classes today that have not ended yet, by start. */
export async function upcomingClasses(ctx: AppContext, p: Principal, now: Date = new Date()) {
  const clock = collegeClock(ctx.config.timeZone, now);
  const slots = await repo.allSlots(ctx.db, { teacherId: p.user.id, weekday: clock.weekday });
  return {
    classes: slots
      .filter((s) => s.endMin > clock.minutes)
      .map((s) => ({
        subject: s.subjectName,
        section: s.section,
        time: `${hhmmOf(s.startMin)} - ${hhmmOf(s.endMin)}`,
        subjectCode: s.subjectCode,
        assignmentId: s.assignmentId,
        start: hhmmOf(s.startMin),
        end: hhmmOf(s.endMin),
        room: s.room,
      })),
  };
}

/** GET /academics/timetable/me: a Student's sections' week, a Teacher's own week; else empty. */
export const myTimetable = (ctx: AppContext, p: Principal) => timetableOf(ctx, p.user);

/** GET /academics/timetable/students/{id}: a student's week, for the student, their guardian (issue 30), a Teacher or a manager (the ID-card rule); else 403. */
export async function studentTimetable(ctx: AppContext, p: Principal, ref: string) {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.forbidden, 'NOT_YOUR_STUDENT'));
  return timetableOf(ctx, { id: student.id, roles: ['Student'] });
}

async function timetableOf(ctx: AppContext, who: { id: string; roles: readonly string[] }) {
  const p = { user: who };
  const clock = collegeClock(ctx.config.timeZone);
  let rows: SlotRow[] = [];
  if (hasAnyRole(p.user.roles, ['Student'])) {
    // A section the student left by a rollover's promotion is their closed term: not in this week.
    rows = await repo.allSlots(ctx.db, { sectionIds: await repo.currentSectionsOfStudent(ctx.db, p.user.id) });
  }
  if (hasAnyRole(p.user.roles, ['Teacher'])) rows = [...rows, ...(await repo.allSlots(ctx.db, { teacherId: p.user.id }))];
  rows.sort((a, b) => a.weekday - b.weekday || a.startMin - b.startMin || a.section.localeCompare(b.section));
  const teachers = (await users.usersByIds(
    ctx,
    rows.map((r) => r.teacherId),
  )) as Map<string, PersonCard>;
  return { today: clock.weekday, date: clock.date, slots: rows.map((r) => presentSlot(r, teachers)) };
}

/** GET /academics/courses/me: the teaching assignments of the caller's sections, with teacher and credits. */
export async function myCourses(ctx: AppContext, p: Principal) {
  const rows = await assignmentsOfStudent(ctx, p.user.id);
  return {
    courses: rows.map((r) => ({
      assignmentId: r.id,
      subjectId: r.subjectId,
      code: r.subjectCode,
      name: r.subjectName,
      credits: r.credits,
      semester: r.semester,
      section: r.section,
      teacher: r.teacher,
    })),
  };
}
