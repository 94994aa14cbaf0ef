// Holds (issue 31 item 4, decision 0053): a member queues for a title none of whose copies is on the
// shelf; a returned copy goes to the hold shelf for the first in line, who is told; nobody else can
// borrow it; a hold not collected in time passes the copy on; cancelling a ready hold passes it on.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Copy, Hold } from '@crs/shared/schemas/library';
import type { Notification } from '@crs/shared/schemas/notifications';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addBook, giveBack, issue, lend } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';
import { expireHolds } from './library.service.ts';

let t: TestApp;
let desk: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
});
afterAll(() => t.close());

const placeHold = (auth: Auth, bookId: string) => t.app.inject({ method: 'POST', url: `/api/v1/library/books/${bookId}/holds`, headers: auth, payload: {} });
const myHolds = async (auth: Auth) => {
  const res = await t.app.inject({ url: '/api/v1/library/holds/me', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { holds: Hold[] }).holds;
};
const copyOf = async (bookId: string) => ((await t.app.inject({ url: `/api/v1/library/books/${bookId}/copies`, headers: desk })).json() as { copies: Copy[] }).copies[0]!;
const scan = (barcode: string, member?: string) => t.app.inject({ method: 'POST', url: '/api/v1/library/desk/scan', headers: desk, payload: member ? { barcode, member } : { barcode } });
const bell = async (auth: Auth) => ((await t.app.inject({ url: '/api/v1/notifications', headers: auth })).json() as { notifications: Notification[] }).notifications;

/** A one-copy title out on loan to a fresh member, and `n` members holding it in this order. */
async function heldTitle(n: number) {
  const book = await addBook(t, desk, { copiesTotal: 1 });
  const borrower = await loginAs(t);
  await lend(t, borrower.auth, book._id);
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await loginAs(t);
    const res = await placeHold(m.auth, book._id);
    expect(res.statusCode, res.body).toBe(201);
    members.push(m);
  }
  return { book, borrower, members };
}

describe('holds', () => {
  it('refuses a hold on a title with a copy on the shelf, a second hold, and a hold on a title the member has', async () => {
    const book = await addBook(t, desk, { copiesTotal: 1 });
    const m = await loginAs(t);
    const refused = await placeHold(m.auth, book._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COPY_AVAILABLE', message: MSG.holdCopyAvailable });
    await lend(t, m.auth, book._id);
    expect((await placeHold(m.auth, book._id)).json().code).toBe('ALREADY_BORROWED');
    const other = await loginAs(t);
    expect((await placeHold(other.auth, book._id)).statusCode).toBe(201);
    expect((await placeHold(other.auth, book._id)).json().code).toBe('HOLD_EXISTS');
  });

  it('serves holds first come first served: the returned copy goes to the hold shelf for the first, who is told; nobody else may borrow it', async () => {
    const { book, borrower, members } = await heldTitle(3);
    const [first, second, third] = members as [Awaited<ReturnType<typeof loginAs>>, Awaited<ReturnType<typeof loginAs>>, Awaited<ReturnType<typeof loginAs>>];
    expect((await myHolds(third.auth))[0]).toMatchObject({ status: 'waiting', position: 3, bookId: book._id });

    expect((await giveBack(t, borrower.auth, book._id)).statusCode).toBe(200);
    const copy = await copyOf(book._id);
    expect(copy.status).toBe('on_hold_shelf');
    const [ready] = await myHolds(first.auth);
    expect(ready).toMatchObject({ status: 'ready', accession: copy.accession, position: null });
    expect(Date.parse(ready!.expiresAt!) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect((await myHolds(second.auth))[0]).toMatchObject({ status: 'waiting', position: 1 });
    const told = (await bell(first.auth)).find((n) => n.kind === 'holds');
    expect(told).toMatchObject({ title: MSG.holdReadyTitle(book.title), link: '/library' });
    expect((await rows<{ email: string }>(t.ctx, sql`select email from notifications where user_id = ${first.user.id} and kind = 'holds'`))[0]!.email).not.toBe('none');

    // Anybody else: refused at the title-level issue and at the scanning desk; nothing changes.
    expect((await issue(t, second.auth, book._id)).json().code).toBe('NO_COPIES_LEFT');
    const scanned = await scan(copy.accession, second.user.id);
    expect(scanned.statusCode).toBe(409);
    expect(scanned.json().code).toBe('COPY_ON_HOLD_SHELF');
    expect((await copyOf(book._id)).status).toBe('on_hold_shelf');

    // The desk sees it on the hold shelf; the member it is kept for collects it with a scan.
    const shelf = (await t.app.inject({ url: '/api/v1/library/holds/shelf', headers: desk })).json() as { ready: Array<Hold & { member: { _id: string } }> };
    expect(shelf.ready.find((h) => h._id === ready!._id)).toMatchObject({ accession: copy.accession, member: { _id: first.user.id } });
    const collected = await scan(copy.accession, first.user.id);
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ action: 'issued', loan: { userId: first.user.id, accession: copy.accession } });
    expect(await myHolds(first.auth)).toEqual([]);
    expect((await rows<{ status: string }>(t.ctx, sql`select status from library_holds where id = ${ready!._id}`))[0]!.status).toBe('collected');
  });

  it('a hold not collected in time expires (the clock moved) and the copy passes to the next member; the title-level issue collects it', async () => {
    const { book, borrower, members } = await heldTitle(2);
    const [first, second] = members as [Awaited<ReturnType<typeof loginAs>>, Awaited<ReturnType<typeof loginAs>>];
    await giveBack(t, desk, book._id, borrower.user.id);
    const [ready] = await myHolds(first.auth);
    await t.ctx.db.execute(sql`update library_holds set expires_at = now() - interval '1 minute' where id = ${ready!._id}`);
    expect(await expireHolds(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireHolds(t.ctx)).toBe(0); // once
    expect(await myHolds(first.auth)).toEqual([]);
    expect((await bell(first.auth)).find((n) => n.title === MSG.holdExpiredTitle(book.title))).toBeDefined();
    expect((await myHolds(second.auth))[0]).toMatchObject({ status: 'ready', accession: (await copyOf(book._id)).accession });
    expect((await issue(t, first.auth, book._id)).json().code).toBe('NO_COPIES_LEFT');
    const loan = await lend(t, second.auth, book._id);
    expect(loan.accession).toBe((await copyOf(book._id)).accession);
    expect((await copyOf(book._id)).status).toBe('on_loan');
  });

  it('cancelling: a waiting hold leaves the queue; a ready hold passes its copy on, then back to the shelf; the desk cancelling is audited', async () => {
    const { book, borrower, members } = await heldTitle(2);
    const [first, second] = members as [Awaited<ReturnType<typeof loginAs>>, Awaited<ReturnType<typeof loginAs>>];
    await giveBack(t, desk, book._id, borrower.user.id);
    const [ready] = await myHolds(first.auth);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/library/holds/${ready!._id}`, headers: second.auth })).statusCode).toBe(403);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/v1/library/holds/${ready!._id}`, headers: first.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: MSG.holdCancelled, hold: { status: 'cancelled' } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/library/holds/${ready!._id}`, headers: first.auth })).json().code).toBe('HOLD_CLOSED');
    const [next] = await myHolds(second.auth);
    expect(next).toMatchObject({ status: 'ready' });
    // The desk cancels the second's: nobody waits, the copy goes back on the shelf.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/library/holds/${next!._id}`, headers: desk })).statusCode).toBe(200);
    expect((await copyOf(book._id)).status).toBe('available');
    const [audited] = await rows<{ n: number }>(t.ctx, sql`select count(*)::int as n from audit_log where action = 'library.hold_cancelled' and target_id = ${next!._id}`);
    expect(audited!.n).toBe(1);
  });

  it('two copies coming back at once serve the two members waiting, one copy each; a copy added while members wait goes to them', async () => {
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const [a, b] = [await loginAs(t), await loginAs(t)];
    await lend(t, a.auth, book._id);
    await lend(t, b.auth, book._id);
    const waiting = [await loginAs(t), await loginAs(t)];
    for (const m of waiting) expect((await placeHold(m.auth, book._id)).statusCode).toBe(201);
    const back = await Promise.all([giveBack(t, desk, book._id, a.user.id), giveBack(t, desk, book._id, b.user.id)]);
    expect(back.map((r) => r.statusCode)).toEqual([200, 200]);
    const ready = await Promise.all(waiting.map(async (m) => (await myHolds(m.auth))[0]!));
    expect(ready.map((h) => h.status)).toEqual(['ready', 'ready']);
    expect(new Set(ready.map((h) => h.accession)).size).toBe(2);

    // A copy added while someone waits goes to them on the hold shelf; they borrow it by title.
    const late = await loginAs(t);
    expect((await placeHold(late.auth, book._id)).statusCode).toBe(201);
    const added = await t.app.inject({ method: 'POST', url: `/api/v1/library/books/${book._id}/copies`, headers: desk, payload: { count: 1 } });
    expect(added.json()).toMatchObject({ copies: [{ status: 'on_hold_shelf' }] });
    expect((await myHolds(late.auth))[0]).toMatchObject({ status: 'ready' });
    await lend(t, late.auth, book._id);
    expect(await myHolds(late.auth)).toEqual([]);
  });

  it('a member who borrows a title they wait for (a copy reached the shelf meanwhile) leaves the queue', async () => {
    const book = await addBook(t, desk, { copiesTotal: 1 });
    const first = await loginAs(t);
    await lend(t, first.auth, book._id);
    const waiter = await loginAs(t);
    expect((await placeHold(waiter.auth, book._id)).statusCode).toBe(201);
    // The copy came back on the shelf another way (a direct fix of the register), not through the queue.
    await t.ctx.db.execute(sql`update loans set returned_on = now() where book_id = ${book._id} and returned_on is null`);
    await t.ctx.db.execute(sql`update library_copies set status = 'available' where book_id = ${book._id}`);
    await lend(t, waiter.auth, book._id);
    expect(await myHolds(waiter.auth)).toEqual([]);
  });
});
