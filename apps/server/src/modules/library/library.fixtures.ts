// Test factories for the library suites (not a test file itself).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Book, Loan } from '@crs/shared/schemas/library';
import type { TestApp } from '../../../test/helper.ts';

export type Auth = { authorization: string };

let serial = 0;

/** Adds a book through the API as the desk; `copiesTotal` defaults to 2. */
export async function addBook(t: TestApp, desk: Auth, overrides: Record<string, unknown> = {}): Promise<Book> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/library/books',
    headers: desk,
    payload: { title: `Test Book ${++serial}`, authors: ['A. Author'], subjects: ['Testing'], copiesTotal: 2, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { book: Book }).book;
}

/** POST /library/books/{id}/issue; returns the raw response. */
export const issue = (t: TestApp, auth: Auth, bookId: string, userId?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/library/books/${bookId}/issue`, headers: auth, payload: userId ? { userId } : {} });

/** POST /library/books/{id}/return; returns the raw response. */
export const giveBack = (t: TestApp, auth: Auth, bookId: string, userId?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/library/books/${bookId}/return`, headers: auth, payload: userId ? { userId } : {} });

/** Issues and expects success; returns the loan. */
export async function lend(t: TestApp, auth: Auth, bookId: string, userId?: string): Promise<Loan> {
  const res = await issue(t, auth, bookId, userId);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { loan: Loan }).loan;
}

/**
 * Moves a loan in time: due `dueDaysAgo` days ago (negative = in the future), minus an hour so a
 * whole-day count is exact whatever the clock does between statements.
 */
export async function makeDue(t: TestApp, loanId: string, dueDaysAgo: number): Promise<void> {
  await t.ctx.db.execute(
    sql`update loans set issued_on = now() - make_interval(days => ${dueDaysAgo + 30}::int),
      due_on = now() - make_interval(days => ${dueDaysAgo}::int) + interval '1 hour' where id = ${loanId}`,
  );
}

export async function getLoan(t: TestApp, auth: Auth, loanId: string, userId?: string): Promise<Loan> {
  const res = await t.app.inject({ url: `/api/v1/library/loans?pageSize=100${userId ? `&userId=${userId}` : ''}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const loan = (res.json() as { loans: Loan[] }).loans.find((l) => l._id === loanId);
  expect(loan, `loan ${loanId}`).toBeDefined();
  return loan!;
}

export const DEFAULT_SETTINGS = {
  loanPeriodDays: 14,
  finePerDay: 2,
  graceDays: 0,
  maxFinePerLoan: 200,
  maxActiveLoans: 5,
  renewalsAllowed: 2,
  finesBlockAt: 500,
};

export async function putSettings(t: TestApp, desk: Auth, patch: Partial<typeof DEFAULT_SETTINGS>) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/v1/library/settings', headers: desk, payload: { ...DEFAULT_SETTINGS, ...patch } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export { multipart } from '../../../test/util.ts';
