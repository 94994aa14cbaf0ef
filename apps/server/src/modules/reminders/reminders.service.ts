// Reminders (issue 30 item 2, decision 0050): scheduled jobs (lib/jobs, decision 0037) that gather
// an audience through the owning module's service and hand it to the notification engine. Each
// reminder carries a dedupe key — its object and stage — so it is stored and mailed once per user
// however many processes or runs reach it (the engine's unique index). A module above the ones it
// reads (like analytics), owning no table.
import { MSG } from '@crs/shared/messages';
import type { AppContext } from '../../context.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import * as academics from '../academics/academics.read.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as attendance from '../attendance/attendance.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as library from '../library/library.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import * as placement from '../placement/placement.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';

const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;

/**
 * Library (Koha's stages): due in 2 days, then overdue on day 1, 7 and 14 with the fine so far. A
 * loan is at one stage at a time (the latest reached), so a run that was missed sends that stage
 * only. How many notifications were stored now.
 */
export async function libraryReminders(ctx: AppContext): Promise<number> {
  const loans = await library.loansToRemind(ctx);
  return notifications.notify(
    ctx,
    loans.map(
      (l): NotificationInput => ({
        userId: l.userId,
        kind: 'library',
        title: l.stage === 'due-2' ? MSG.reminderLibraryDueSoonTitle(l.title) : MSG.reminderLibraryOverdueTitle(l.title, l.daysOverdue),
        body: l.stage === 'due-2' ? MSG.reminderLibraryDueSoonBody(l.title, l.dueDate) : MSG.reminderLibraryOverdueBody(l.title, l.dueDate, l.finePaise),
        link: '/library',
        dedupeKey: `loan:${l.loanId}:${l.stage}`,
      }),
    ),
  );
}

/**
 * Attendance, weekly: students whose attendance this term (to today) is below the threshold. Once
 * per student and week (the week's Monday in the key).
 */
export async function attendanceReminders(ctx: AppContext): Promise<number> {
  const on = today(ctx);
  const term = await settings.termOn(ctx, on);
  const from = term?.start ?? addDays(on, -120);
  const [limit, totals] = await Promise.all([attendance.threshold(ctx), attendance.studentTotals(ctx, { from, to: on })]);
  const monday = addDays(on, 1 - weekdayOf(on));
  const items: NotificationInput[] = [];
  for (const studentId of totals.students) {
    const f = totals.of(studentId);
    if (f.marked === 0 || f.att >= limit) continue;
    items.push({
      userId: studentId,
      kind: 'attendance',
      title: MSG.reminderAttendanceTitle(f.att),
      body: MSG.reminderAttendanceBody(f.att, limit),
      link: '/dashboard/student/attendance',
      dedupeKey: `attendance:${monday}`,
    });
  }
  // Their guardians hear of it too (issue 30), once per child and week.
  const below = items.map((i) => i.userId);
  const [family, people] = await Promise.all([guardians.guardiansOf(ctx, below), users.usersByIds(ctx, below)]);
  for (const studentId of below) {
    const f = totals.of(studentId);
    const child = people.get(studentId)?.name ?? '';
    for (const guardianId of family.get(studentId) ?? []) {
      items.push({
        userId: guardianId,
        kind: 'attendance',
        title: MSG.reminderAttendanceGuardianTitle(child, f.att),
        body: MSG.reminderAttendanceGuardianBody(child, f.att, limit),
        link: '/dashboard/guardian',
        dedupeKey: `attendance:${monday}:${studentId}`,
      });
    }
  }
  return notifications.notify(ctx, items);
}

/**
 * Absence alerts (issue 30 item 4): each guardian gets ONE notification per child and college day
 * listing the classes the child was marked absent in, once the day's last timetabled class has
 * ended (`now` in the college's time zone; the hourly job's first run after it sends). The key is
 * the child and the date, so later runs, other processes and a retried job add nothing; a child
 * first marked absent after the batch went is told in the next run that day.
 */
export async function absenceAlerts(ctx: AppContext, now: Date = new Date(), date?: string): Promise<number> {
  const clock = collegeClock(ctx.config.timeZone, now);
  // A dated batch (an operator's "run now" for a day, system.runJob) sends that day's alerts as they stand.
  if (!date) {
    const slots = await academics.slotsOfTeacherOn(ctx, undefined, clock.weekday);
    const lastEnd = slots.reduce((end, s) => Math.max(end, s.endMin), 0);
    if (clock.minutes < lastEnd) return 0;
  }
  const day = date ?? clock.date;
  const absent = await attendance.absencesOn(ctx, day);
  if (absent.size === 0) return 0;
  const ids = [...absent.keys()];
  const [family, people] = await Promise.all([guardians.guardiansOf(ctx, ids), users.usersByIds(ctx, ids)]);
  const items: NotificationInput[] = [];
  for (const [studentId, classes] of absent) {
    const child = people.get(studentId)?.name ?? '';
    for (const guardianId of family.get(studentId) ?? []) {
      items.push({
        userId: guardianId,
        kind: 'absence',
        title: MSG.absenceAlertTitle(child, day, classes.length),
        body: MSG.absenceAlertBody(child, classes),
        link: '/dashboard/guardian',
        dedupeKey: `absence:${studentId}:${day}`,
      });
    }
  }
  return notifications.notify(ctx, items);
}

/** Exams, the day before: each student of the exam's section. */
export async function examReminders(ctx: AppContext): Promise<number> {
  const tomorrow = addDays(today(ctx), 1);
  const sections = await academics.allSections(ctx);
  const exams = await assessment.examsOfSectionsBetween(
    ctx,
    sections.map((s) => s.id),
    tomorrow,
    tomorrow,
  );
  let stored = 0;
  for (const e of exams) {
    const roster = await academics.sectionRoster(ctx, e.sectionId);
    stored += await notifications.notifyUsers(
      ctx,
      roster.map((s) => s.id),
      { kind: 'exams', title: MSG.reminderExamTitle(e.subjectName), body: MSG.reminderExamBody(e.name, e.subjectName, e.date), link: '/calendar', dedupeKey: `exam:${e.id}:day-before` },
    );
  }
  return stored;
}

/** Placement: 2 days before a job's last day, to the eligible students who have not applied. */
export async function placementReminders(ctx: AppContext): Promise<number> {
  let stored = 0;
  for (const { job, studentIds } of await placement.eligibleNotApplied(ctx, addDays(today(ctx), 2))) {
    stored += await notifications.notifyUsers(ctx, studentIds, {
      kind: 'placement',
      title: MSG.reminderPlacementTitle(job.company, job.role),
      body: MSG.reminderPlacementBody(job.company, job.role, job.deadline),
      link: '/dashboard/student/placement',
      dedupeKey: `job:${job.id}:deadline-2`,
    });
  }
  return stored;
}

/** Every reminder job (`runtime.ts` registers them), minutes spread over the hour in the college's time zone; `data` is what a "run now" sent. */
export const REMINDER_JOBS: ReadonlyArray<{ name: string; cron: string; catchUp?: boolean; run(ctx: AppContext, data?: Record<string, unknown>): Promise<number> }> = [
  // Hourly: a loan crosses a stage at the time of day it was issued.
  { name: 'reminders.library', cron: '15 * * * *', run: libraryReminders },
  // Monday morning; the daily and weekly ones run at the next start when no server ran at their
  // time (their dedupe keys make a late or second run harmless).
  { name: 'reminders.attendance', cron: '0 8 * * 1', catchUp: true, run: attendanceReminders },
  { name: 'reminders.exams', cron: '0 17 * * *', catchUp: true, run: examReminders },
  { name: 'reminders.placement', cron: '0 9 * * *', catchUp: true, run: placementReminders },
  // Hourly: the first run after the day's last class sends that day's absence alerts to guardians.
  { name: 'reminders.absence', cron: '45 * * * *', run: (ctx, data) => absenceAlerts(ctx, new Date(), typeof data?.date === 'string' ? data.date : undefined) },
];
