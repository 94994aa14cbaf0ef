import { setFlagsFromString } from 'node:v8';
import type { AppContext } from '../context.ts';
import * as academics from '../modules/academics/academics.seed.ts';
import * as alumni from '../modules/alumni/alumni.service.ts';
import * as assessment from '../modules/assessment/assessment.service.ts';
import * as attendance from '../modules/attendance/attendance.service.ts';
import * as docs from '../modules/docs/docs.service.ts';
import * as idcards from '../modules/idcards/idcards.service.ts';
import * as library from '../modules/library/library.service.ts';
import * as materials from '../modules/materials/materials.service.ts';
import * as notices from '../modules/notices/notices.service.ts';
import * as guardians from '../modules/guardians/guardians.service.ts';
import * as notifications from '../modules/notifications/notifications.service.ts';
import * as calendar from '../modules/calendar/calendar.service.ts';
import * as placement from '../modules/placement/placement.service.ts';
import * as settings from '../modules/settings/settings.service.ts';
import * as users from '../modules/users/users.service.ts';

// The demo college, seeded above the modules: each module seeds its own tables through its
// service, in dependency order (people first, then the library that lends to them).

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../modules/users/users.seed.ts';

/**
 * Seeds the demo college on a database without accounts: the demo people, the terms around today
 * (Settings), then the library
 * (catalogue and loans), the alumni, the academic year (structure, timetable), eight weeks of
 * attendance, the semester's exams and marks (and the demo student's batch's finished first year,
 * its results published, closed by its rollovers), a few teaching materials, the document repository,
 * the demo student's section's ID cards, the notice board, this season's placement drives and the
 * demo student's and teacher's notifications.
 * Returns false when it did nothing. Runs with V8's allocation-site pretenuring off, in the server's
 * process at its first start and from `crs db:seed` alike: the seed's bulk inserts keep their objects
 * long enough that V8 marks allocation sites they share with request handling (promises, result rows,
 * buffers) as long-lived, and then allocated requests' objects in the old generation; every young
 * collection kept ~7 MB of dead requests alive through them, 18 % of the process's CPU under load,
 * until the next restart (decision 0057).
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  setFlagsFromString('--no-allocation-site-pretenuring');
  try {
    return await seedDemoCollege(ctx);
  } finally {
    setFlagsFromString('--allocation-site-pretenuring');
  }
}

async function seedDemoCollege(ctx: AppContext): Promise<boolean> {
  if (!(await users.seedDemoUsers(ctx))) return false;
  // The terms first: the attendance and exams below are dated inside the running one.
  await settings.seedDemoTerms(ctx);
  await library.seedDemoLibrary(ctx);
  await alumni.seedDemoAlumni(ctx);
  if (await academics.seedDemoAcademics(ctx)) {
    await attendance.seedDemoAttendance(ctx);
    await assessment.seedDemoAssessment(ctx);
    // The demo student's batch's first year, closed by the rollovers that promoted it (issue 27).
    await academics.seedDemoPromotions(ctx);
    await materials.seedDemoMaterials(ctx);
  }
  // Issue 13: the document repository and the ID cards of the demo student's section.
  const adminId = await users.userIdByEmail(ctx, 'admin@demo.crs');
  const studentId = await users.userIdByEmail(ctx, 'student@demo.crs');
  if (adminId) await docs.seedDemoDocs(ctx, adminId);
  if (adminId && studentId) await idcards.seedDemoCards(ctx, adminId, studentId);
  await notices.seedDemoNotices(ctx);
  await placement.seedDemoPlacement(ctx);
  await calendar.seedDemoCalendar(ctx);
  // Issue 30: a few notifications of each kind for the demo student and teacher, and the student's email choices.
  // Issue 30 item 3: the demo student's father, linked to them.
  const guardianId = await users.userIdByEmail(ctx, 'guardian@demo.crs');
  if (guardianId && studentId) await guardians.seedDemoLink(ctx, guardianId, studentId, 'Father');
  await notifications.seedDemoNotifications(ctx, { studentId, teacherId: await users.userIdByEmail(ctx, 'teacher@demo.crs'), guardianId });
  return true;
}
