// Issue 25 item 2: a student's dashboard read by the student — attendance, results, upcoming exams,
// loans and the library summary — for an Admin opening `/dashboard/student?student=STU…`. The rule
// is the ID card's (decision 0027): a Student reads only their own record; Teacher, Admin and
// SuperAdmin read any student's (attendance and results keep their stricter Teacher rule: only
// students they teach). The student is named by account id or student ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Loan } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { assignmentFixture, person, post } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';
import { addBook, lend } from '../library/library.fixtures.ts';

let t: TestApp;
let admin: Auth;
let superAdmin: Auth;
let librarian: Auth;
let teacher: Awaited<ReturnType<typeof person>>;
let student: Awaited<ReturnType<typeof person>>;
let classmate: Awaited<ReturnType<typeof person>>;
let rollNumber: string;
let examId: string;
let loan: Loan;

const get = (url: string, auth?: Auth) => t.app.inject({ url: `/api/v1${url}`, ...(auth ? { headers: auth } : {}) });
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
  librarian = (await loginAs(t, ['Librarian'])).auth;
  teacher = await person(t, 'Teacher');
  const c = await assignmentFixture(t, admin, teacher.user.id, 2);
  [student, classmate] = c.students as [typeof student, typeof classmate];
  const me = (await get('/auth/users/me', student.auth)).json() as { user: { studentId: string } };
  rollNumber = me.user.studentId;
  expect(rollNumber).toMatch(/^STU\d+$/);
  examId = (
    await post<{ exam: { _id: string } }>(t, teacher.auth, '/assesment/exams', {
      name: 'Mid-term',
      kind: 'mid-term',
      maxMarks: 50,
      weight: 30,
      date: inAWeek(),
      subjectId: c.subject._id,
      sectionId: c.section._id,
    })
  ).exam._id;
  const book = await addBook(t, librarian);
  loan = await lend(t, librarian, book._id, student.user.id);
});
afterAll(() => t.close());

const READS = {
  upcoming: (ref: string) => `/assesment/students/${ref}/upcoming`,
  loans: (ref: string) => `/library/students/${ref}/loans`,
  summary: (ref: string) => `/library/students/${ref}/summary`,
  attendance: (ref: string) => `/attendance/students/${ref}`,
  results: (ref: string) => `/results/students/${ref}`,
} as const;

describe('by-student reads', () => {
  it("answer the student's own figures to an Admin and a SuperAdmin, by account id or student ID (any case)", async () => {
    for (const auth of [admin, superAdmin]) {
      for (const ref of [student.user.id, rollNumber, rollNumber.toLowerCase()]) {
        const upcoming = await get(READS.upcoming(ref), auth);
        expect(upcoming.statusCode, upcoming.body).toBe(200);
        expect(upcoming.json().exams.map((e: { _id: string }) => e._id)).toEqual([examId]);
        const loans = await get(`${READS.loans(ref)}?status=unreturned`, auth);
        expect(loans.statusCode, loans.body).toBe(200);
        expect(loans.json()).toMatchObject({ total: 1, loans: [{ _id: loan._id }] });
        expect((await get(READS.summary(ref), auth)).json()).toEqual({ activeLoans: 1, overdueLoans: 0, dueSoon: 0 });
        const attendance = await get(READS.attendance(ref), auth);
        expect(attendance.statusCode, attendance.body).toBe(200);
        expect(attendance.json()).toMatchObject({ studentId: student.user.id, rollNumber });
        expect((await get(READS.results(ref), auth)).json()).toMatchObject({ cgpa: null });
      }
    }
    // The classmate has the same exam and no loan: the answers are the named student's.
    expect((await get(READS.loans(classmate.user.id), admin)).json()).toMatchObject({ total: 0, loans: [] });
    expect((await get(READS.summary(classmate.user.id), admin)).json()).toEqual({ activeLoans: 0, overdueLoans: 0, dueSoon: 0 });
  });

  it("let a Student read their own and refuse another student's with 403, before looking the student up", async () => {
    for (const ref of [student.user.id, rollNumber]) {
      expect((await get(READS.upcoming(ref), student.auth)).statusCode).toBe(200);
      expect((await get(READS.loans(ref), student.auth)).json().total).toBe(1);
      expect((await get(READS.summary(ref), student.auth)).statusCode).toBe(200);
    }
    const refusals = [
      [READS.upcoming, MSG.examsOwnOnly],
      [READS.loans, MSG.loansOwnOnly],
      [READS.summary, MSG.loansOwnOnly],
      [READS.attendance, MSG.attendanceOwnOnly],
      [READS.results, MSG.resultsOwnOnly],
    ] as const;
    for (const [url, message] of refusals) {
      const theirs = await get(url(student.user.id), classmate.auth);
      expect(theirs.statusCode, url('…')).toBe(403);
      expect(theirs.json().message).toBe(message);
      // An unknown student ID is refused the same way: a student cannot probe which IDs exist.
      expect((await get(url('STU999999999'), classmate.auth)).statusCode).toBe(403);
    }
  });

  it("let a Teacher read any student's upcoming exams and loans (the ID-card rule), attendance and results only of students they teach", async () => {
    const stranger = await person(t, 'Teacher');
    for (const who of [teacher, stranger]) {
      expect((await get(READS.upcoming(rollNumber), who.auth)).statusCode).toBe(200);
      expect((await get(READS.loans(rollNumber), who.auth)).json().total).toBe(1);
      expect((await get(READS.summary(rollNumber), who.auth)).statusCode).toBe(200);
    }
    expect((await get(READS.attendance(rollNumber), teacher.auth)).statusCode).toBe(200);
    expect((await get(READS.results(rollNumber), teacher.auth)).statusCode).toBe(200);
    expect((await get(READS.attendance(rollNumber), stranger.auth)).statusCode).toBe(403);
    expect((await get(READS.results(rollNumber), stranger.auth)).statusCode).toBe(403);
    // The card itself follows the same rule.
    expect((await get(`/students/${rollNumber}/idcard`, stranger.auth)).json().code).toBe('IDCARD_NOT_GENERATED');
  });

  it('refuse roles outside the rule (403), anonymous callers (401), and answer 404 for an unknown or non-student reference', async () => {
    for (const url of Object.values(READS)) {
      expect((await get(url(rollNumber))).statusCode).toBe(401);
      expect((await get(url(rollNumber), librarian)).statusCode).toBe(403);
      for (const ref of ['STU999999999', teacher.user.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await get(url(ref), admin);
        expect(res.statusCode, `${url(ref)}`).toBe(404);
        expect(res.json().message).toBe(MSG.studentNotFound);
      }
    }
    // Over-long references are a validation error naming the parameter.
    const long = await get(READS.loans('S'.repeat(61)), admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.studentNotFound);
    // The loans list keeps its own filters and refuses a userId beside the path's student.
    expect((await get(`${READS.loans(rollNumber)}?userId=${classmate.user.id}`, admin)).statusCode).toBe(400);
    expect((await get(`${READS.loans(rollNumber)}?status=returned`, admin)).json().total).toBe(0);
  });
});
