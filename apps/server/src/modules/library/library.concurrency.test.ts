import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addBook, giveBack, issue, lend } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number | string }>(t.ctx, query))[0]!.n);

describe('circulation under concurrency', () => {
  it('50 concurrent borrows of a 3-copy book (50 students, via the desk) → exactly 3 loans, 0 left', async () => {
    const book = await addBook(t, desk, { title: 'Scarce Book', copiesTotal: 3 });
    const students = await Promise.all(Array.from({ length: 50 }, () => createUser(t.ctx)));
    const results = await Promise.all(students.map((s) => issue(t, desk, book._id, s.id)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('NO_COPIES_LEFT');
    expect(await count(sql`select count(*) as n from loans where book_id = ${book._id}`)).toBe(3);
    expect(await count(sql`select copies_available as n from books where id = ${book._id}`)).toBe(0);
  });

  it('one member borrowing one book 10 times at once gets exactly one loan', async () => {
    const book = await addBook(t, desk, { copiesTotal: 10 });
    const m = await loginAs(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => issue(t, m.auth, book._id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ALREADY_BORROWED')).toBe(true);
    expect(await count(sql`select copies_available as n from books where id = ${book._id}`)).toBe(9);
  });

  it('10 concurrent returns of one loan → one success, one copy back', async () => {
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const m = await loginAs(t);
    const loan = await lend(t, m.auth, book._id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => giveBack(t, i % 2 ? desk : m.auth, book._id, m.user.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await count(sql`select copies_available as n from books where id = ${book._id}`)).toBe(2);
    expect(await count(sql`select count(*) as n from loans where id = ${loan._id} and returned_on is not null`)).toBe(1);
  });
});
