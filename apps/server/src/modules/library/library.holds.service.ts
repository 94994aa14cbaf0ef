import { MSG } from '@crs/shared/messages';
import { hasAnyRole, LIBRARY_STAFF } from '@crs/shared/roles';
import type { Hold } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import type { HoldRow } from '../../db/schema/library.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import * as users from '../users/users.service.ts';
import * as books from './books.repository.ts';
import * as copies from './copies.repository.ts';
import * as holds from './holds.repository.ts';
import { bookNotFound } from './library.loan-view.ts';
import { presentDeskHold, presentHold } from './library.presenter.ts';
import * as loans from './loans.repository.ts';
import * as circulationRules from './settings.repository.ts';

// Holds (issue 31 item 4, decision 0053): a member queues for a title none of whose copies is on
// the shelf; a copy coming back (a return, a cancelled or lapsed hold) goes to the next member in
// line on the hold shelf instead of the shelf, and they are told (notification kind 'holds'); the
// `library.holds-expire` job passes on copies not collected in time. Circulation (library.service,
// library.copies.service) calls `releaseCopy` and `collectHeld` inside its own transactions.

const holdNotFound = () => notFound(MSG.holdNotFound, 'HOLD_NOT_FOUND');
const isDesk = (p: Principal) => hasAnyRole(p.user.roles, LIBRARY_STAFF);

/** "28 Nov 2026, 17:30" in the college's time zone. */
const when = (ctx: AppContext, d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ctx.config.timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** The notification of a hold now ready (its copy on the hold shelf). */
async function readyNotice(ctx: AppContext, tx: Executor, h: HoldRow): Promise<NotificationInput> {
  const title = (await books.findBook(tx, h.bookId))?.title ?? '';
  return { userId: h.userId, kind: 'holds', title: MSG.holdReadyTitle(title), body: MSG.holdReadyBody(title, when(ctx, h.expiresAt!)), link: '/library', dedupeKey: `hold:${h.id}:ready` };
}

/**
 * A copy comes free (`from`: on loan, returned; on the hold shelf, its hold cancelled or lapsed;
 * available, newly registered or back from lost, damaged or withdrawn):
 * the next member waiting for the title gets it on the hold shelf and is notified (stored in `tx`;
 * call `deliver` after the commit), else it goes back on the shelf. The hold served, if any.
 */
export async function releaseCopy(ctx: AppContext, tx: Executor, copy: { id: string; bookId: string }, from: 'on_loan' | 'on_hold_shelf' | 'available'): Promise<HoldRow | undefined> {
  const rules = await circulationRules.getSettings(tx);
  const served = await holds.serveNext(tx, copy.bookId, copy.id, rules.holdPickupDays);
  if (served) {
    if (from !== 'on_hold_shelf') await copies.moveCopy(tx, copy.id, from, 'on_hold_shelf');
    await notifications.notify(ctx, [await readyNotice(ctx, tx, served)], tx);
  } else {
    await copies.moveCopy(tx, copy.id, from, 'available');
  }
  return served;
}

/** Copies that just became available go to members waiting for their title, oldest hold first (none waiting: they stay on the shelf). */
export async function serveWaiting(ctx: AppContext, tx: Executor, list: ReadonlyArray<{ id: string; bookId: string }>): Promise<void> {
  for (const c of list) {
    if (!(await holds.anyWaiting(tx, c.bookId))) return;
    await releaseCopy(ctx, tx, c, 'available');
  }
}

/** Mails what `releaseCopy` stored, once its transaction committed (the minute's job would otherwise). */
export const deliver = (ctx: AppContext) => notifications.dispatch(ctx);

/**
 * The member's ready hold on the title, collected: its copy leaves the hold shelf for their loan.
 * The copy's id, or undefined when no copy waits for them (then the issue takes any copy on the shelf).
 */
export async function collectHeld(tx: Executor, memberId: string, bookId: string, by: string): Promise<string | undefined> {
  const hold = await holds.readyHoldOf(tx, memberId, bookId);
  if (!hold?.copyId) return undefined;
  if (!(await holds.closeHold(tx, hold.id, 'collected', by, ['ready']))) return undefined;
  if (!(await copies.moveCopy(tx, hold.copyId, 'on_hold_shelf', 'on_loan'))) return undefined;
  return hold.copyId;
}

/**
 * A member borrowed a title they were waiting for (a copy reached the shelf while they queued): their
 * waiting hold is served by that loan, and leaves the queue.
 */
export async function fulfilWaiting(tx: Executor, memberId: string, bookId: string, by: string): Promise<void> {
  const open = await holds.openHoldOf(tx, memberId, bookId);
  if (open?.status === 'waiting') await holds.closeHold(tx, open.id, 'collected', by, ['waiting']);
}

/** Whether this copy on the hold shelf is kept for this member (the desk's scan issues it to them only). */
export async function heldFor(tx: Executor, copyId: string, memberId: string): Promise<boolean> {
  const hold = await holds.holdOfCopy(tx, copyId);
  return hold?.userId === memberId;
}

/**
 * POST /library/books/{id}/holds: a hold for the caller (the desk: for a member). Only on a title
 * with no copy on the shelf (409), not on a title the member has on loan, once per member (409).
 */
export async function placeHold(ctx: AppContext, p: Principal, bookId: string, userId: string | undefined): Promise<Hold> {
  const memberId = userId ?? p.user.id;
  if (memberId !== p.user.id && !isDesk(p)) throw forbidden(MSG.holdNotYours, 'HOLD_NOT_YOURS');
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (!(await users.lockActiveUser(ctx, memberId, tx))) throw notFound(MSG.memberNotFound, 'MEMBER_NOT_FOUND');
      const book = await books.findBook(tx, bookId);
      if (!book) throw bookNotFound();
      if (book.copiesAvailable > 0) throw conflict(MSG.holdCopyAvailable, 'COPY_AVAILABLE');
      if ((await loans.memberStanding(tx, memberId, bookId)).holdsBook) throw conflict(MSG.holdAlreadyBorrowed, 'ALREADY_BORROWED');
      if (await holds.openHoldOf(tx, memberId, bookId)) throw conflict(MSG.holdAlreadyPlaced, 'HOLD_EXISTS');
      const holdId = await holds.insertHold(tx, bookId, memberId);
      if (memberId !== p.user.id) {
        const member = (await users.usersByIds(ctx, [memberId], tx)).get(memberId);
        await audit.record(ctx, p, { action: 'library.hold_placed', target: { type: 'library hold', id: holdId, label: `${book.title} — ${member?.email ?? memberId}` } }, tx);
      }
      return holdId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.holdAlreadyPlaced, 'HOLD_EXISTS');
    throw err;
  }
  return presentHold((await holds.holdRecord(ctx.db, id))!);
}

/** GET /library/holds/me: the caller's open holds, ready ones first. */
export async function myHolds(ctx: AppContext, p: Principal): Promise<Hold[]> {
  return (await holds.openHoldsOf(ctx.db, p.user.id)).map(presentHold);
}

/**
 * DELETE /library/holds/{id}: the member (or the desk) cancels an open hold. A ready hold's copy
 * passes on to the next member (or back on the shelf). The desk's cancelling is audited.
 */
export async function cancelHold(ctx: AppContext, p: Principal, id: string): Promise<Hold> {
  await ctx.db.transaction(async (tx) => {
    const hold = await holds.findHold(tx, id);
    if (!hold) throw holdNotFound();
    if (hold.userId !== p.user.id && !isDesk(p)) throw forbidden(MSG.holdNotYours, 'HOLD_NOT_YOURS');
    const closed = await holds.closeHold(tx, id, 'cancelled', p.user.id, ['waiting', 'ready']);
    if (!closed) throw conflict(MSG.holdClosed, 'HOLD_CLOSED');
    if (hold.status === 'ready' && hold.copyId) await releaseCopy(ctx, tx, { id: hold.copyId, bookId: hold.bookId }, 'on_hold_shelf');
    if (hold.userId !== p.user.id) {
      const member = (await users.usersByIds(ctx, [hold.userId], tx)).get(hold.userId);
      const title = (await books.findBook(tx, hold.bookId))?.title ?? hold.bookId;
      await audit.record(ctx, p, { action: 'library.hold_cancelled', target: { type: 'library hold', id, label: `${title} — ${member?.email ?? hold.userId}` }, details: { was: hold.status } }, tx);
    }
  });
  await deliver(ctx);
  return presentHold((await holds.holdRecord(ctx.db, id))!);
}

/** GET /library/holds/shelf: the desk's hold shelf (ready holds) and holds that lapsed in the last 14 days, with members. */
export async function holdShelf(ctx: AppContext) {
  const { ready, expired } = await holds.holdShelf(ctx.db, 14);
  const people = await users.usersByIds(ctx, [...new Set([...ready, ...expired].map((r) => r.hold.userId))]);
  return { ready: ready.map((r) => presentDeskHold(r, people)), expired: expired.map((r) => presentDeskHold(r, people)) };
}

/** How many lapsed holds one transaction of the expiry job passes on. */
const EXPIRE_BATCH = 50;

/**
 * The `library.holds-expire` job: every ready hold past its pickup time expires, its member is
 * told, and its copy passes to the next member (or back on the shelf). Lapsed holds are locked
 * with SKIP LOCKED and each closed by a conditional UPDATE, so however many processes run it, each
 * hold expires once. How many expired.
 */
export async function expireHolds(ctx: AppContext): Promise<number> {
  let expired = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const lapsed = await holds.lapsedHolds(tx, EXPIRE_BATCH);
      const notices: NotificationInput[] = [];
      for (const h of lapsed) {
        if (!(await holds.closeHold(tx, h.id, 'expired', null, ['ready']))) continue;
        const title = (await books.findBook(tx, h.bookId))?.title ?? '';
        notices.push({ userId: h.userId, kind: 'holds', title: MSG.holdExpiredTitle(title), body: MSG.holdExpiredBody(title), link: '/library', dedupeKey: `hold:${h.id}:expired` });
        if (h.copyId) await releaseCopy(ctx, tx, { id: h.copyId, bookId: h.bookId }, 'on_hold_shelf');
      }
      await notifications.notify(ctx, notices, tx);
      return lapsed.length;
    });
    expired += n;
    if (n < EXPIRE_BATCH) break;
  }
  await deliver(ctx);
  return expired;
}
