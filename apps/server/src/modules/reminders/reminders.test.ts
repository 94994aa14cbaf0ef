// Reminders (issue 30 item 2): each fires once per user, object and stage. The library's stages are
// crossed by moving the loan's due date (every figure is computed from now(), loans.repository), and
// two servers on one database running the same reminder store and mail it once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { listNotificationsResponse } from '@crs/shared/schemas/notifications';
import type { Notification } from '@crs/shared/schemas/notifications';
import { apiOn, createPeerApp, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { rows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';
import { addBook, lend, makeDue, putSettings } from '../library/library.fixtures.ts';
import * as reminders from './reminders.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Auth;
let desk: Auth;
const api = apiOn(() => t.app);
const today = () => collegeClock(t.ctx.config.timeZone).date;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  admin = (await loginAs(t, ['Admin'])).auth;
  desk = (await loginAs(t, ['Librarian'])).auth;
  await putSettings(t, desk, { finePerDay: 2, graceDays: 0, maxFinePerLoan: 200 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mine = async (auth: Auth): Promise<Notification[]> => listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=100', auth)).json()).notifications;
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
async function settle(email: string, n: number) {
  const end = Date.now() + 10_000;
  while (mailsTo(email).length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
}

describe('library reminders', () => {
  it('due in 2 days, then overdue on day 1, 7 and 14 with the fine so far: each stage once, and mailed once', async () => {
    const s = await loginAs(t, ['Student']);
    const book = await addBook(t, desk, { title: 'Engineering Mathematics, Vol. II' });
    const loan = await lend(t, desk, book._id, s.user.id);
    const title = 'Engineering Mathematics, Vol. II';

    // Fresh loan (due in 14 days): nothing.
    await reminders.libraryReminders(t.ctx);
    expect(await mine(s.auth)).toHaveLength(0);

    const stages: Array<[number, string]> = [
      [-1, MSG.reminderLibraryDueSoonTitle(title)],
      [1, MSG.reminderLibraryOverdueTitle(title, 1)],
      [7, MSG.reminderLibraryOverdueTitle(title, 7)],
      [14, MSG.reminderLibraryOverdueTitle(title, 14)],
    ];
    for (const [daysAgo, expected] of stages) {
      await makeDue(t, loan._id, daysAgo);
      await reminders.libraryReminders(t.ctx);
      await reminders.libraryReminders(t.ctx); // the same slot again: nothing new
      const list = await mine(s.auth);
      expect(list[0]!.title).toBe(expected);
      expect(list.filter((n) => n.title === expected)).toHaveLength(1);
    }
    // Days between stages send nothing more (day 9 is still stage 7).
    await makeDue(t, loan._id, 9);
    await reminders.libraryReminders(t.ctx);
    const list = await mine(s.auth);
    expect(list.map((n) => n.title)).toEqual(stages.map(([, title]) => title).reverse());
    // The overdue stages carry the fine so far (₹2 a day).
    expect(list[0]!.body).toContain('₹28');
    expect(list[1]!.body).toContain('₹14');
    expect(list[2]!.body).toContain('₹2');
    expect(list.every((n) => n.kind === 'library' && n.link === '/library')).toBe(true);
    // Library mail goes at once by a student's default: one mail per stage.
    await settle(s.user.email, 4);
    expect(mailsTo(s.user.email).map((m) => /Subject: (.*)/.exec(m.raw)?.[1])).toHaveLength(4);
  });

  it('two servers on one database running the reminder together store and mail it once', async () => {
    const s = await loginAs(t, ['Student']);
    const book = await addBook(t, desk, { title: 'Signals and Systems' });
    const loan = await lend(t, desk, book._id, s.user.id);
    await makeDue(t, loan._id, 1);
    const peer = await createPeerApp(t);
    try {
      await Promise.all([reminders.libraryReminders(t.ctx), reminders.libraryReminders(peer.ctx), reminders.libraryReminders(t.ctx), reminders.libraryReminders(peer.ctx)]);
    } finally {
      await peer.close();
    }
    expect((await mine(s.auth)).filter((n) => n.title === MSG.reminderLibraryOverdueTitle('Signals and Systems', 1))).toHaveLength(1);
    await settle(s.user.email, 1);
    expect(mailsTo(s.user.email)).toHaveLength(1);
    expect(await rows(t.ctx, sql`select id from mail_outbox where "to" = ${s.user.email}`)).toHaveLength(1);
  });
});

describe('results, exams, placement and notices', () => {
  it('publishing an exam’s marks tells each student of the section once, withdrawing and publishing again does not repeat it', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const res = await api('POST', '/assesment/exams', teacher.auth, { name: 'Mid-term 1', kind: 'mid-term', maxMarks: 50, weight: 30, date: today(), subjectId: c.subject._id, sectionId: c.section._id });
    expect(res.statusCode, res.body).toBe(201);
    const examId = res.json().exam._id as string;
    for (const published of [true, false, true]) {
      const p = await api('POST', `/assesment/exams/${examId}/publish`, teacher.auth, { published });
      expect(p.statusCode, p.body).toBe(200);
    }
    for (const st of c.students) {
      const got = (await mine(st.auth)).filter((n) => n.kind === 'results');
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: MSG.reminderResultsTitle(c.subject.name), body: MSG.reminderResultsBody('Mid-term 1', c.subject.name), link: '/dashboard/student/results' });
    }
    // Results go at once by a student's default.
    await settle(c.students[0]!.user.email, 1);
    expect(mailsTo(c.students[0]!.user.email)).toHaveLength(1);
    expect(await mine(teacher.auth)).toHaveLength(0);
  });

  it('an exam tomorrow reminds its section’s students the day before, once', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const far = await assignmentFixture(t, admin, teacher.user.id, 1);
    const tomorrow = addDays(today(), 1);
    for (const [fx, date] of [
      [c, tomorrow],
      [far, addDays(today(), 3)],
    ] as const) {
      const res = await api('POST', '/assesment/exams', teacher.auth, { name: 'End-semester', kind: 'end-term', maxMarks: 100, weight: 60, date, subjectId: fx.subject._id, sectionId: fx.section._id });
      expect(res.statusCode, res.body).toBe(201);
    }
    await reminders.examReminders(t.ctx);
    await reminders.examReminders(t.ctx);
    const got = (await mine(c.students[0]!.auth)).filter((n) => n.kind === 'exams');
    expect(got).toHaveLength(1);
    expect(got[0]!.title).toBe(MSG.reminderExamTitle(c.subject.name));
    expect((await mine(far.students[0]!.auth)).filter((n) => n.kind === 'exams')).toHaveLength(0);
  });

  it('attendance, weekly: a student below the threshold is warned once a week, one above it never', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [good, poor] = c.students;
    for (let d = 1; d <= 4; d++) {
      const records = [
        { studentId: good!.user.id, status: 'present' },
        { studentId: poor!.user.id, status: d === 1 ? 'present' : 'absent' },
      ];
      const r = await api('PUT', '/attendance/sessions', admin, { assignmentId: c.assignment._id, date: addDays(today(), -d), start: '10:00', end: '23:59', extra: true, records });
      expect(r.statusCode, r.body).toBe(200);
    }
    await reminders.attendanceReminders(t.ctx);
    await reminders.attendanceReminders(t.ctx);
    const got = (await mine(poor!.auth)).filter((n) => n.kind === 'attendance');
    expect(got).toHaveLength(1);
    expect(got[0]!.title).toBe(MSG.reminderAttendanceTitle(25));
    expect(got[0]!.body).toBe(MSG.reminderAttendanceBody(25, 75));
    expect((await mine(good!.auth)).filter((n) => n.kind === 'attendance')).toHaveLength(0);
  });

  it('2 days before a deadline, eligible students who have not applied are reminded once', async () => {
    const staff = await loginAs(t, ['Staff']);
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const other = await assignmentFixture(t, admin, teacher.user.id, 1);
    const company = `Tata Consultancy Services ${Date.now()}`;
    const res = await api('POST', '/placement/jobs', staff.auth, { company, role: 'Systems Engineer', packageLpa: 7, deadline: addDays(today(), 2), eligibleDepartmentIds: [c.department._id] });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = res.json().job._id as string;
    const [applied, notYet] = c.students;
    const a = await api('POST', `/placement/jobs/${jobId}/apply`, applied!.auth);
    expect(a.statusCode, a.body).toBe(201);
    await reminders.placementReminders(t.ctx);
    await reminders.placementReminders(t.ctx);
    const title = MSG.reminderPlacementTitle(company, 'Systems Engineer');
    expect((await mine(notYet!.auth)).filter((n) => n.title === title)).toHaveLength(1);
    expect((await mine(applied!.auth)).filter((n) => n.title === title)).toHaveLength(0);
    // Another department is not eligible.
    expect((await mine(other.students[0]!.auth)).filter((n) => n.title === title)).toHaveLength(0);
  });

  it('a new notice notifies its audience (not its author); a pinned one is mailed at once even to a digest reader', async () => {
    const staff = await loginAs(t, ['Staff']);
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const other = await assignmentFixture(t, admin, teacher.user.id, 1);
    const st = c.students[0]!;
    const post = (title: string, pinned: boolean) =>
      api('POST', '/notices', staff.auth, { title, body: 'Classes resume on Monday.', pinned, audience: { roles: ['Student'], departmentIds: [], sectionIds: [c.section._id] } });
    const plain = await post('Timetable change for 3A', false);
    expect(plain.statusCode).toBe(201);
    expect((await post('Internal exams postponed', true)).statusCode).toBe(201);
    const got = (await mine(st.auth)).filter((n) => n.kind === 'notices');
    expect(got.map((n) => n.title)).toEqual([MSG.reminderNoticeTitle('Internal exams postponed'), MSG.reminderNoticeTitle('Timetable change for 3A')]);
    expect(got[0]!.link).toBe('/dashboard/student/notices');
    expect((await mine(other.students[0]!.auth)).filter((n) => n.kind === 'notices')).toHaveLength(0);
    expect(await mine(staff.auth)).toHaveLength(0);
    // Notices are in a student's digest by default; the pinned one went at once.
    await settle(st.user.email, 1);
    const subjects = mailsTo(st.user.email).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]);
    expect(subjects).toEqual([MSG.reminderNoticeTitle('Internal exams postponed')]);
    // Opening the notice reads its notification too (the bell's dot follows the board).
    expect((await api('POST', `/notices/${plain.json().notice._id}/read`, st.auth)).statusCode).toBe(200);
    const after = (await mine(st.auth)).filter((n) => n.kind === 'notices');
    expect(after.find((n) => n.title === MSG.reminderNoticeTitle('Timetable change for 3A'))!.readAt).not.toBeNull();
    expect(after.find((n) => n.title === MSG.reminderNoticeTitle('Internal exams postponed'))!.readAt).toBeNull();
  });
});
