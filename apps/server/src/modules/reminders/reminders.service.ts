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
import * as library from '../library/library.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import * as placement from '../placement/placement.service.ts';
import * as settings from '../settings/settings.service.ts';

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

/** Every reminder job (`runtime.ts` registers them), minutes spread over the hour in the college's time zone. */
export const REMINDER_JOBS = [
  // Hourly: a loan crosses a stage at the time of day it was issued.
  { name: 'reminders.library', cron: '15 * * * *', run: libraryReminders },
  // Monday morning.
  { name: 'reminders.attendance', cron: '0 8 * * 1', run: attendanceReminders },
  { name: 'reminders.exams', cron: '0 17 * * *', run: examReminders },
  { name: 'reminders.placement', cron: '0 9 * * *', run: placementReminders },
] as const;
