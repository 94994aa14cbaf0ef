// The scanning desk (issue 31 item 3): a card scan names the member, a copy's barcode issues or
// returns it; every wrong scan answers why and changes nothing; two desks scanning the last copy
// at once: exactly one issues it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Copy, DeskScanResult } from '@crs/shared/schemas/library';
import { createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addBook, DEFAULT_SETTINGS, lend, makeDue, putSettings } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
let desk2: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
  desk2 = (await loginAs(t, ['Admin'])).auth;
});
afterAll(() => t.close());

const scan = (auth: Auth, barcode: string, member?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/library/desk/scan', headers: auth, payload: member === undefined ? { barcode } : { barcode, member } });
const barcodesOf = async (bookId: string) =>
  ((await t.app.inject({ url: `/api/v1/library/books/${bookId}/copies`, headers: desk })).json() as { copies: Copy[] }).copies.map((c) => c.accession);
const state = async (bookId: string) => {
  const [b] = await rows<{ available: number; loans: number }>(
    t.ctx,
    sql`select copies_available as available, (select count(*)::int from loans where book_id = ${bookId}) as loans from books where id = ${bookId}`,
  );
  return b;
};
const student = async () => {
  const s = await createUser(t.ctx);
  return { id: s.id, studentId: s.studentId! };
};

describe('scanning desk', () => {
  it('scans a card (student ID, any case) then two copies to issue them, then scans them back in', async () => {
    const s = await student();
    const who = await t.app.inject({ method: 'POST', url: '/api/v1/library/desk/member', headers: desk, payload: { member: s.studentId.toLowerCase() } });
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json()).toMatchObject({ _id: s.id, studentId: s.studentId, activeLoans: 0, finesOwed: 0 });

    const a = await addBook(t, desk, { title: 'Engineering Mathematics', copiesTotal: 2 });
    const b = await addBook(t, desk, { title: 'Basic Electrical Engineering', copiesTotal: 1 });
    const [codeA] = await barcodesOf(a._id);
    const [codeB] = await barcodesOf(b._id);
    for (const [code, book] of [[codeA!, a], [codeB!, b]] as const) {
      const res = await scan(desk, code, s.studentId);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as DeskScanResult;
      expect(r).toMatchObject({ action: 'issued', message: MSG.deskIssued, fineOwed: 0, loan: { accession: code, userId: s.id, status: 'active', book: { _id: book._id, title: book.title } } });
      expect(Date.parse(r.loan.dueOn) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    }
    expect(await state(a._id)).toEqual({ available: 1, loans: 1 });
    expect(await state(b._id)).toEqual({ available: 0, loans: 1 });

    // Back in: no card needed; one came back 2 days late and owes ₹4.
    const [onLoan] = await rows<{ id: string }>(t.ctx, sql`select id from loans where book_id = ${b._id} and returned_on is null`);
    await makeDue(t, onLoan!.id, 2);
    const backA = await scan(desk, codeA!);
    expect(backA.statusCode, backA.body).toBe(200);
    expect(backA.json()).toMatchObject({ action: 'returned', message: MSG.deskReturned, fineOwed: 0, loan: { status: 'returned', accession: codeA } });
    const backB = (await scan(desk, codeB!)).json() as DeskScanResult;
    expect(backB).toMatchObject({ action: 'returned', fineOwed: 4, memberFinesOwed: 4, loan: { fineAccrued: 4, fineStatus: 'unpaid' } });
    expect(await state(a._id)).toEqual({ available: 2, loans: 1 });
    expect(await state(b._id)).toEqual({ available: 1, loans: 1 });
  });

  it('finds a teacher by employee ID', async () => {
    const teacher = await createUser(t.ctx, { roles: ['Teacher'] });
    const employeeId = `EMP-${Date.now()}`;
    await t.ctx.db.execute(sql`update users set employee_id = ${employeeId} where id = ${teacher.id}`);
    const book = await addBook(t, desk, { copiesTotal: 1 });
    const res = await scan(desk, (await barcodesOf(book._id))[0]!, employeeId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'issued', loan: { userId: teacher.id } });
  });

  it('answers every wrong scan with why, and changes nothing', async () => {
    const s = await student();
    const book = await addBook(t, desk, { copiesTotal: 4 });
    const codes = await barcodesOf(book._id);
    const refused = async (res: Awaited<ReturnType<typeof scan>>, status: number, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(await scan(desk, 'CRS-NOPE-1', s.studentId), 404, MSG.copyNotFound);
    await refused(await scan(desk, codes[0]!), 400, MSG.deskMemberFirst);
    await refused(await scan(desk, codes[0]!, 'STU-NO-SUCH'), 404, MSG.deskMemberUnknown);
    for (const [status, message] of [
      ['withdrawn', MSG.copyWithdrawn],
      ['lost', MSG.copyMarkedLost],
      ['damaged', MSG.copyDamaged],
    ] as const) {
      const code = codes[['withdrawn', 'lost', 'damaged'].indexOf(status) + 1]!;
      expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/library/copies/${code}`, headers: desk, payload: { status } })).statusCode).toBe(200);
      await refused(await scan(desk, code, s.studentId), 409, message);
    }
    expect(await state(book._id)).toEqual({ available: 1, loans: 0 });

    // Over the loan limit, then over the fines limit.
    await putSettings(t, desk, { maxActiveLoans: 1 });
    await lend(t, desk, (await addBook(t, desk))._id, s.id);
    await refused(await scan(desk, codes[0]!, s.studentId), 409, MSG.loanLimitReached);
    await putSettings(t, desk, { finesBlockAt: 5 });
    const late = await lend(t, desk, (await addBook(t, desk))._id, (await createUser(t.ctx)).id);
    const owing = await rows<{ student_id: string }>(t.ctx, sql`select u.student_id from loans l join users u on u.id = l.user_id where l.id = ${late._id}`);
    await makeDue(t, late._id, 3); // ₹6 ≥ ₹5
    await refused(await scan(desk, codes[0]!, owing[0]!.student_id), 409, MSG.finesBlockBorrowing);
    await putSettings(t, desk, DEFAULT_SETTINGS);
    expect(await state(book._id)).toEqual({ available: 1, loans: 0 });

    // Only the desk scans.
    const m = await loginAs(t);
    expect((await scan(m.auth, codes[0]!, s.studentId)).statusCode).toBe(403);
    expect((await scan(desk, 'has space', s.studentId)).statusCode).toBe(400);
  });

  it('two desks scanning the last copy for two members at once: exactly one issues it', async () => {
    for (let round = 0; round < 3; round++) {
      const book = await addBook(t, desk, { copiesTotal: 1 });
      const [code] = await barcodesOf(book._id);
      const [s1, s2] = await Promise.all([student(), student()]);
      const results = await Promise.all([scan(desk, code!, s1.studentId), scan(desk2, code!, s2.studentId)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(MSG.copyNotAvailable);
      expect(await state(book._id)).toEqual({ available: 0, loans: 1 });
    }
  });
});
