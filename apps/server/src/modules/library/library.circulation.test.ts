import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Loan } from '@crs/shared/schemas/library';
import { createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addBook, DEFAULT_SETTINGS, getLoan, giveBack, issue, lend, makeDue, putSettings } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
let deskId: string;
type Member = Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  t = await createTestApp();
  const d = await loginAs(t, ['Librarian']);
  desk = d.auth;
  deskId = d.user.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await putSettings(t, desk, {});
});

const loans = async (auth: Auth, query = '') => {
  const res = await t.app.inject({ url: `/api/v1/library/loans${query}`, headers: auth });
  return { status: res.statusCode, body: res.json() as { loans: Loan[]; total: number; message?: string } };
};
const fines = async (auth: Auth) => (await t.app.inject({ url: '/api/v1/library/fines', headers: auth })).json() as { total: number; overdue: number };

describe('issue (borrow)', () => {
  let student: Member;
  beforeAll(async () => {
    student = await loginAs(t, ['Student']);
  });

  it('lets a Student borrow for themself: one copy fewer, due in the loan period, spec loan shape', async () => {
    const book = await addBook(t, desk, { title: 'Operating Systems', copiesTotal: 2 });
    const res = await issue(t, student.auth, book._id);
    expect(res.statusCode).toBe(201);
    const { message, loan } = res.json() as { message: string; loan: Loan };
    expect(message).toBe(MSG.bookIssued);
    expect(loan).toMatchObject({
      bookId: book._id,
      book: { ...book, copiesAvailable: 1 },
      userId: student.user.id,
      member: { _id: student.user.id, email: student.user.email, name: student.user.name, studentId: expect.stringMatching(/^STU/) },
      returnedOn: null,
      status: 'active',
      daysOverdue: 0,
      renewals: 0,
      renewalsLeft: 2,
      fineAccrued: 0,
      fineStatus: 'none',
      finePaidAt: null,
      fineWaivedAt: null,
      fineSettledBy: null,
    });
    const days = (Date.parse(loan.dueOn) - Date.parse(loan.issuedOn)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
    const detail = await t.app.inject({ url: `/api/v1/library/books/${book._id}`, headers: student.auth });
    expect(detail.json().copiesAvailable).toBe(1);
  });

  it('refuses a Student issuing to someone else (403) and Teacher/Staff altogether (403)', async () => {
    const book = await addBook(t, desk);
    const other = await createUser(t.ctx);
    const res = await issue(t, student.auth, book._id, other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: MSG.issueSelfOnly, code: 'ISSUE_SELF_ONLY' });
    for (const role of ['Teacher', 'Staff'] as const) {
      const m = await loginAs(t, [role]);
      expect((await issue(t, m.auth, book._id)).statusCode).toBe(403);
      expect((await issue(t, m.auth, book._id, m.user.id)).statusCode).toBe(403);
    }
    const detail = await t.app.inject({ url: `/api/v1/library/books/${book._id}`, headers: desk });
    expect(detail.json().copiesAvailable).toBe(2);
  });

  it('lets Librarian, Admin and SuperAdmin issue to any active member, including a teacher', async () => {
    const book = await addBook(t, desk, { copiesTotal: 5 });
    for (const role of ['Librarian', 'Admin', 'SuperAdmin'] as const) {
      const d = await loginAs(t, [role]);
      const member = await createUser(t.ctx, { roles: role === 'Admin' ? ['Teacher'] : ['Student'] });
      const loan = await lend(t, d.auth, book._id, member.id);
      expect(loan.userId).toBe(member.id);
    }
  });

  it('refuses an unknown book (404), an unknown or inactive member (404)', async () => {
    const book = await addBook(t, desk);
    expect((await issue(t, desk, '00000000-0000-4000-8000-000000000000', student.user.id)).json()).toMatchObject({ code: 'BOOK_NOT_FOUND', message: MSG.bookNotFound });
    const unknown = await issue(t, desk, book._id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND', message: MSG.memberNotFound });
    const disabled = await createUser(t.ctx, { status: 'disabled' });
    expect((await issue(t, desk, book._id, disabled.id)).statusCode).toBe(404);
  });

  it('refuses with 409 when no copy is left', async () => {
    const book = await addBook(t, desk, { copiesTotal: 1 });
    await lend(t, desk, book._id, (await createUser(t.ctx)).id);
    const res = await issue(t, student.auth, book._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.noCopiesLeft, code: 'NO_COPIES_LEFT' });
  });

  it('refuses with 409 when the member already holds this book', async () => {
    const book = await addBook(t, desk, { copiesTotal: 3 });
    const m = await loginAs(t);
    await lend(t, m.auth, book._id);
    const res = await issue(t, desk, book._id, m.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.alreadyBorrowed, code: 'ALREADY_BORROWED' });
  });

  it('refuses with 409 at the loan limit', async () => {
    await putSettings(t, desk, { maxActiveLoans: 2 });
    const m = await loginAs(t);
    for (let i = 0; i < 2; i++) await lend(t, m.auth, (await addBook(t, desk))._id);
    const res = await issue(t, m.auth, (await addBook(t, desk))._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.loanLimitReached, code: 'LOAN_LIMIT_REACHED' });
  });

  it('refuses with 409 when unpaid fines reach the blocking amount, and lets the member borrow once paid', async () => {
    await putSettings(t, desk, { finesBlockAt: 10 });
    const m = await loginAs(t);
    const first = await addBook(t, desk);
    const loan = await lend(t, m.auth, first._id);
    await makeDue(t, loan._id, 5); // ₹10 accrued while still on loan
    const next = await addBook(t, desk);
    const res = await issue(t, m.auth, next._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.finesBlockBorrowing, code: 'FINES_BLOCK_BORROWING' });

    await giveBack(t, m.auth, first._id);
    expect((await issue(t, m.auth, next._id)).statusCode).toBe(409);
    const paid = await t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${loan._id}/fine`, headers: desk, payload: { action: 'pay' } });
    expect(paid.statusCode).toBe(200);
    expect((await issue(t, m.auth, next._id)).statusCode).toBe(201);
  });

  it('a fine below the blocking amount does not block', async () => {
    const m = await loginAs(t);
    const loan = await lend(t, m.auth, (await addBook(t, desk))._id);
    await makeDue(t, loan._id, 3);
    expect((await issue(t, m.auth, (await addBook(t, desk))._id)).statusCode).toBe(201);
  });

  it('validates the body (400) and needs a token (401)', async () => {
    const book = await addBook(t, desk);
    const bad = await t.app.inject({ method: 'POST', url: `/api/v1/library/books/${book._id}/issue`, headers: desk, payload: { userId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/library/books/${book._id}/issue`, payload: {} })).statusCode).toBe(401);
  });
});

describe('return', () => {
  it("returns the member's active loan: copy back, loan closed, shape says returned", async () => {
    const m = await loginAs(t);
    const book = await addBook(t, desk, { copiesTotal: 1 });
    await lend(t, m.auth, book._id);
    const res = await giveBack(t, m.auth, book._id);
    expect(res.statusCode).toBe(200);
    const { message, loan } = res.json() as { message: string; loan: Loan };
    expect(message).toBe(MSG.bookReturned);
    expect(loan).toMatchObject({ status: 'returned', returnedOn: expect.any(String), fineAccrued: 0, renewalsLeft: 0, book: { copiesAvailable: 1 } });
    const again = await giveBack(t, m.auth, book._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MSG.notOnLoan, code: 'NOT_ON_LOAN' });
  });

  it("refuses a Student returning someone else's loan (403); the desk may", async () => {
    const owner = await loginAs(t);
    const other = await loginAs(t);
    const book = await addBook(t, desk);
    await lend(t, owner.auth, book._id);
    const res = await giveBack(t, other.auth, book._id, owner.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LOAN_NOT_YOURS');
    expect((await giveBack(t, desk, book._id, owner.user.id)).statusCode).toBe(200);
    expect((await giveBack(t, (await loginAs(t, ['Teacher'])).auth, book._id)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown book', async () => {
    const m = await loginAs(t);
    expect((await giveBack(t, m.auth, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('fines', () => {
  const overdueLoan = async (days: number) => {
    const m = await loginAs(t);
    const book = await addBook(t, desk);
    const loan = await lend(t, m.auth, book._id);
    if (days) await makeDue(t, loan._id, days);
    return { m, book, loan };
  };

  it('is 0 while on time, whole days × rate while overdue, capped per loan', async () => {
    const onTime = await overdueLoan(0);
    expect(await getLoan(t, onTime.m.auth, onTime.loan._id)).toMatchObject({ status: 'active', daysOverdue: 0, fineAccrued: 0, fineStatus: 'none' });
    expect(await fines(onTime.m.auth)).toEqual({ total: 0, overdue: 0 });

    const mid = await overdueLoan(6);
    expect(await getLoan(t, mid.m.auth, mid.loan._id)).toMatchObject({ status: 'overdue', daysOverdue: 6, fineAccrued: 12, fineStatus: 'unpaid' });
    expect(await fines(mid.m.auth)).toEqual({ total: 12, overdue: 1 });

    const cap = await overdueLoan(150);
    expect(await getLoan(t, cap.m.auth, cap.loan._id)).toMatchObject({ daysOverdue: 150, fineAccrued: 200 });
  });

  it('rounds part days up and supports fractional rates in rupees', async () => {
    await putSettings(t, desk, { finePerDay: 2.5 });
    const m = await loginAs(t);
    const loan = await lend(t, m.auth, (await addBook(t, desk))._id);
    // 2 days and 3 hours late → 3 whole days.
    await t.ctx.db.execute(sql`update loans set issued_on = now() - interval '20 days', due_on = now() - interval '2 days 3 hours' where id = ${loan._id}`);
    expect(await getLoan(t, m.auth, loan._id)).toMatchObject({ daysOverdue: 3, fineAccrued: 7.5 });
    expect(await fines(m.auth)).toEqual({ total: 7.5, overdue: 1 });
  });

  it('charges nothing within the grace days and only the days beyond them', async () => {
    await putSettings(t, desk, { graceDays: 3 });
    const within = await overdueLoan(3);
    expect(await getLoan(t, within.m.auth, within.loan._id)).toMatchObject({ status: 'overdue', daysOverdue: 3, fineAccrued: 0, fineStatus: 'none' });
    const beyond = await overdueLoan(10);
    expect(await getLoan(t, beyond.m.auth, beyond.loan._id)).toMatchObject({ daysOverdue: 10, fineAccrued: 14 });
  });

  it('fixes the fine on return: later rule changes and time do not move it', async () => {
    const { m, book, loan } = await overdueLoan(4);
    const res = await giveBack(t, desk, book._id, m.user.id);
    expect(res.json().loan).toMatchObject({ status: 'returned', daysOverdue: 4, fineAccrued: 8, fineStatus: 'unpaid' });
    await putSettings(t, desk, { finePerDay: 50 });
    expect(await getLoan(t, m.auth, loan._id)).toMatchObject({ fineAccrued: 8 });
    expect(await fines(m.auth)).toEqual({ total: 8, overdue: 0 });
  });

  it('records pay and waive with who and when; each fine is settled once', async () => {
    const a = await overdueLoan(2);
    await giveBack(t, a.m.auth, a.book._id);
    const pay = await t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${a.loan._id}/fine`, headers: desk, payload: { action: 'pay' } });
    expect(pay.statusCode).toBe(200);
    expect(pay.json()).toMatchObject({
      message: MSG.finePaid,
      loan: { fineAccrued: 4, fineStatus: 'paid', finePaidAt: expect.any(String), fineWaivedAt: null, fineSettledBy: { _id: deskId } },
    });
    expect(await fines(a.m.auth)).toEqual({ total: 0, overdue: 0 });
    const twice = await t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${a.loan._id}/fine`, headers: desk, payload: { action: 'waive' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: MSG.fineAlreadySettled, code: 'FINE_ALREADY_SETTLED' });

    const b = await overdueLoan(3);
    await giveBack(t, desk, b.book._id, b.m.user.id);
    const waive = await t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${b.loan._id}/fine`, headers: desk, payload: { action: 'waive' } });
    expect(waive.json()).toMatchObject({ message: MSG.fineWaived, loan: { fineStatus: 'waived', fineWaivedAt: expect.any(String), finePaidAt: null } });
  });

  it('refuses to settle a fine still accruing, a loan without fine, an unknown loan; desk only', async () => {
    const onLoan = await overdueLoan(2);
    const settle = (id: string, auth: Auth = desk) =>
      t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${id}/fine`, headers: auth, payload: { action: 'pay' } });
    expect((await settle(onLoan.loan._id)).json()).toEqual({ message: MSG.fineNotFixed, code: 'FINE_NOT_FIXED' });
    const clean = await overdueLoan(0);
    await giveBack(t, clean.m.auth, clean.book._id);
    expect((await settle(clean.loan._id)).json()).toEqual({ message: MSG.noFine, code: 'NO_FINE' });
    expect((await settle('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await settle(onLoan.loan._id, onLoan.m.auth)).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${onLoan.loan._id}/fine`, headers: desk, payload: { action: 'forgive' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('renew', () => {
  const renew = (auth: Auth, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/library/loans/${id}/renew`, headers: auth });

  it('extends by the loan period while renewals remain, then refuses with 409', async () => {
    const m = await loginAs(t);
    const loan = await lend(t, m.auth, (await addBook(t, desk))._id);
    const first = await renew(m.auth, loan._id);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MSG.loanRenewed);
    const renewed = first.json().loan as Loan;
    expect(renewed).toMatchObject({ renewals: 1, renewalsLeft: 1 });
    expect((Date.parse(renewed.dueOn) - Date.parse(loan.dueOn)) / 86_400_000).toBeCloseTo(14, 5);
    expect((await renew(desk, loan._id)).json().loan).toMatchObject({ renewals: 2, renewalsLeft: 0 });
    const none = await renew(m.auth, loan._id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: MSG.noRenewalsLeft, code: 'NO_RENEWALS_LEFT' });
  });

  it('refuses an overdue or returned loan, and another member (403)', async () => {
    const m = await loginAs(t);
    const book = await addBook(t, desk);
    const loan = await lend(t, m.auth, book._id);
    expect((await renew((await loginAs(t)).auth, loan._id)).statusCode).toBe(403);
    expect((await renew((await loginAs(t, ['Teacher'])).auth, loan._id)).statusCode).toBe(403);
    await makeDue(t, loan._id, 1);
    const overdue = await renew(m.auth, loan._id);
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json()).toEqual({ message: MSG.renewOverdue, code: 'LOAN_OVERDUE' });
    await giveBack(t, m.auth, book._id);
    expect((await renew(m.auth, loan._id)).json()).toEqual({ message: MSG.loanAlreadyReturned, code: 'LOAN_RETURNED' });
    expect((await renew(m.auth, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('loans, summary, members, stats', () => {
  it("lists only the caller's loans; a student cannot ask for another's (403)", async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    const book = await addBook(t, desk, { copiesTotal: 2 });
    await lend(t, a.auth, book._id);
    await lend(t, b.auth, book._id);
    const mine = await loans(a.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.loans.every((l) => l.userId === a.user.id)).toBe(true);
    const other = await loans(a.auth, `?userId=${b.user.id}`);
    expect(other.status).toBe(403);
    expect((await loans(a.auth, `?userId=${a.user.id}`)).body.total).toBe(1);
  });

  it('filters by status and orders loans on hand first, soonest due first', async () => {
    const m = await loginAs(t);
    const [x, y, z] = [await addBook(t, desk), await addBook(t, desk), await addBook(t, desk)];
    const lx = await lend(t, m.auth, x._id);
    const ly = await lend(t, m.auth, y._id);
    await lend(t, m.auth, z._id);
    await makeDue(t, ly._id, 2);
    await giveBack(t, m.auth, x._id);
    const all = (await loans(m.auth)).body;
    expect(all.loans.map((l) => l.status)).toEqual(['overdue', 'active', 'returned']);
    expect((await loans(m.auth, '?status=overdue')).body.loans.map((l) => l._id)).toEqual([ly._id]);
    expect((await loans(m.auth, '?status=returned')).body.loans.map((l) => l._id)).toEqual([lx._id]);
    expect((await loans(m.auth, '?status=active')).body.total).toBe(1);
    expect((await loans(m.auth, '?status=lost')).status).toBe(400);
    expect((await loans(m.auth, '?status=unreturned')).body.loans.map((l) => l.status)).toEqual(['overdue', 'active']);
  });

  it("gives the desk one book's unreturned loans (the Return dialog)", async () => {
    const [a, b, c] = [await loginAs(t), await loginAs(t), await loginAs(t)];
    const book = await addBook(t, desk, { copiesTotal: 3 });
    const other = await addBook(t, desk);
    const la = await lend(t, a.auth, book._id);
    const lb = await lend(t, b.auth, book._id);
    await lend(t, c.auth, book._id);
    await lend(t, a.auth, other._id);
    await makeDue(t, lb._id, 1);
    await giveBack(t, c.auth, book._id);
    const res = await loans(desk, `?bookId=${book._id}&status=unreturned`);
    expect(res.body.total).toBe(2);
    expect(res.body.loans.map((l) => l._id)).toEqual([lb._id, la._id]);
    expect((await loans(desk, `?bookId=${book._id}`)).body.total).toBe(3);
    expect((await loans(desk, '?bookId=not-a-uuid')).status).toBe(400);
  });

  it("lets the desk list a member's loans, or everyone's with member details", async () => {
    const m = await loginAs(t);
    await lend(t, m.auth, (await addBook(t, desk))._id);
    const one = await loans(desk, `?userId=${m.user.id}`);
    expect(one.body.total).toBe(1);
    const everyone = await loans(desk, '?pageSize=100');
    expect(everyone.body.total).toBeGreaterThan(1);
    expect(everyone.body.loans.find((l) => l.userId === m.user.id)?.member).toMatchObject({ email: m.user.email, name: m.user.name });
    expect(new Set(everyone.body.loans.map((l) => l.userId)).size).toBeGreaterThan(1);
  });

  it('summarises loans on hand, overdue and due soon for the dashboard and bell', async () => {
    const m = await loginAs(t);
    const soon = await lend(t, m.auth, (await addBook(t, desk))._id);
    const late = await lend(t, m.auth, (await addBook(t, desk))._id);
    await lend(t, m.auth, (await addBook(t, desk))._id);
    await makeDue(t, soon._id, -1);
    await makeDue(t, late._id, 1);
    const res = await t.app.inject({ url: '/api/v1/library/summary', headers: m.auth });
    expect(res.json()).toEqual({ activeLoans: 3, overdueLoans: 1, dueSoon: 1 });
    const teacher = await loginAs(t, ['Teacher']);
    expect((await t.app.inject({ url: '/api/v1/library/summary', headers: teacher.auth })).json()).toEqual({ activeLoans: 0, overdueLoans: 0, dueSoon: 0 });
  });

  it('finds members by name, email or student ID with loans on hand and fines owed (desk only)', async () => {
    const m = await loginAs(t);
    await t.ctx.db.execute(sql`update users set name = 'Zeynep Quintero' where id = ${m.user.id}`);
    const loan = await lend(t, desk, (await addBook(t, desk))._id, m.user.id);
    await makeDue(t, loan._id, 3);
    const [byStudentId] = await rows<{ student_id: string }>(t.ctx, sql`select student_id from users where id = ${m.user.id}`);
    for (const q of ['zeynep', m.user.email.slice(0, m.user.email.indexOf('@')), byStudentId!.student_id]) {
      const res = await t.app.inject({ url: `/api/v1/library/members?q=${encodeURIComponent(q)}`, headers: desk });
      expect(res.statusCode).toBe(200);
      expect(res.json().members).toContainEqual({
        _id: m.user.id,
        name: 'Zeynep Quintero',
        email: m.user.email,
        studentId: byStudentId!.student_id,
        roles: ['Student'],
        activeLoans: 1,
        finesOwed: 6,
      });
    }
    expect((await t.app.inject({ url: '/api/v1/library/members?q=zeynep', headers: m.auth })).statusCode).toBe(403);
  });

  it('gives the desk catalogue and circulation totals', async () => {
    const res = await t.app.inject({ url: '/api/v1/library/stats', headers: desk });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const [truth] = await rows<{ books: number; total: number; on_loan: number }>(
      t.ctx,
      sql`select count(*)::int as books, sum(copies_total)::int as total, sum(copies_total - copies_available)::int as on_loan from books`,
    );
    expect(stats).toMatchObject({ books: truth!.books, copiesTotal: truth!.total, copiesOnLoan: truth!.on_loan });
    expect(stats.overdueLoans).toBeGreaterThan(0);
    expect(stats.finesOutstanding).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/v1/library/stats', headers: (await loginAs(t)).auth })).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('answers the defaults in rupees and lets the desk change them', async () => {
    const res = await t.app.inject({ url: '/api/v1/library/settings', headers: (await loginAs(t)).auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, accessionPrefix: 'ACC', replacementCost: 500, holdPickupDays: 3, updatedAt: expect.any(String) });
    for (const role of ['Admin', 'SuperAdmin'] as const) {
      const saved = await putSettings(t, (await loginAs(t, [role])).auth, { loanPeriodDays: 21, finePerDay: 1.25 });
      expect(saved).toMatchObject({ loanPeriodDays: 21, finePerDay: 1.25 });
    }
    const m = await loginAs(t);
    const loan = await lend(t, m.auth, (await addBook(t, desk))._id);
    expect((Date.parse(loan.dueOn) - Date.parse(loan.issuedOn)) / 86_400_000).toBeCloseTo(21, 5);
  });

  it('refuses other roles (403) and bad values (400)', async () => {
    for (const role of ['Student', 'Teacher', 'Staff'] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/library/settings', headers: (await loginAs(t, [role])).auth, payload: DEFAULT_SETTINGS });
      expect(res.statusCode).toBe(403);
    }
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/library/settings', headers: desk, payload });
    const cents = await put({ ...DEFAULT_SETTINGS, finePerDay: 2.345 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe(MSG.moneyPaise);
    expect((await put({ ...DEFAULT_SETTINGS, loanPeriodDays: 0 })).statusCode).toBe(400);
    expect((await put({ ...DEFAULT_SETTINGS, maxActiveLoans: undefined })).statusCode).toBe(400);
  });
});
