import { MSG } from '@crs/shared/messages';
import type { AddCopiesInput, Copy, DeskScanInput, DeskScanResult, LabelLayout, UpdateCopyInput } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as idcards from '../idcards/idcards.service.ts';
import * as users from '../users/users.service.ts';
import * as books from './books.repository.ts';
import * as copies from './copies.repository.ts';
import * as desk from './desk.repository.ts';
import * as holdsService from './library.holds.service.ts';
import { renderLabels } from './library.labels.ts';
import { bookNotFound, loanView } from './library.loan-view.ts';
import { paise, presentCopy, presentMember, rupees } from './library.presenter.ts';
import * as loans from './loans.repository.ts';
import * as circulationRules from './settings.repository.ts';

// The library by copy (issue 31, decision 0051): the copies register, barcode labels and the
// scanning desk, for the library's own routes; the catalogue and circulation by title stay in
// library.service.ts, which other modules use.

// ---------------------------------------------------------------------------------------------
// Copies (issue 31, decision 0051)

const copyNotFound = () => notFound(MSG.copyNotFound, 'COPY_NOT_FOUND');

/** A book's copies by accession number (404 for an unknown book). */
export async function listCopies(ctx: AppContext, bookId: string): Promise<Copy[]> {
  if (!(await books.findBook(ctx.db, bookId))) throw bookNotFound();
  return (await copies.listCopies(ctx.db, bookId)).map(presentCopy);
}

/** Registers `count` new copies of a book, numbered from the college's running number; audited. */
export async function addCopies(ctx: AppContext, p: Principal, bookId: string, input: AddCopiesInput): Promise<Copy[]> {
  const added = await ctx.db.transaction(async (tx) => {
    const book = await books.findBook(tx, bookId);
    if (!book) throw bookNotFound();
    const rows = await copies.addCopies(tx, bookId, { count: input.count, shelf: input.shelf, acquiredOn: input.acquiredOn, pricePaise: input.price == null ? input.price : paise(input.price), batch: input.batch });
    const first = rows[0]!.accession;
    const last = rows[rows.length - 1]!.accession;
    await audit.record(
      ctx,
      p,
      { action: 'library.copies_added', target: { type: 'library copy', id: bookId, label: `${book.title} — ${first === last ? first : `${first} to ${last}`}` }, details: { count: rows.length, first, last, batch: input.batch ?? null } },
      tx,
    );
    // Members waiting for the title get the new copies first, on the hold shelf.
    await holdsService.serveWaiting(ctx, tx, rows);
    return rows;
  });
  await holdsService.deliver(ctx);
  return (await copies.listCopies(ctx.db, bookId)).filter((c) => added.some((a) => a.id === c.id)).map(presentCopy);
}

/** One copy by barcode, with its title and the loan it is out on. */
export async function getCopy(ctx: AppContext, barcode: string) {
  const found = await copies.findByAccession(ctx.db, barcode);
  if (!found) throw copyNotFound();
  const open = found.copy.status === 'on_loan' ? await loans.activeLoanOfCopy(ctx.db, found.copy.id) : undefined;
  return { ...presentCopy(found.copy), title: found.title, loan: open ? await loanView(ctx, open) : null };
}

/**
 * Edits a copy (by book and id, or by barcode): shelf, acquisition, price, batch, and its status
 * among available, damaged, withdrawn and lost. A copy on loan changes status only to lost: its
 * loan closes and the member owes the replacement cost (the copy's price, else Settings') plus
 * the late fine so far, a fine of kind 'replacement'. Audited, with what changed.
 */
export async function editCopy(ctx: AppContext, p: Principal, where: { bookId: string; copyId: string } | { barcode: string }, patch: UpdateCopyInput) {
  const { barcode, lost } = await ctx.db.transaction(async (tx) => {
    const copy = 'barcode' in where ? (await copies.findByAccession(tx, where.barcode))?.copy : await copies.findCopy(tx, where.bookId, where.copyId);
    if (!copy) throw copyNotFound();
    const changing = patch.status !== undefined && patch.status !== copy.status;
    if (changing && (copy.status === 'on_hold_shelf' || (copy.status === 'on_loan' && patch.status !== 'lost'))) throw conflict(MSG.copyOnLoan, 'COPY_ON_LOAN');
    const updated = await copies.updateCopy(
      tx,
      copy.id,
      { status: patch.status, shelf: patch.shelf, acquiredOn: patch.acquiredOn, pricePaise: patch.price == null ? patch.price : paise(patch.price), batch: patch.batch },
      copy.status as never,
    );
    // Scanned out or back by the desk meanwhile: say so rather than overwrite it.
    if (!updated) throw conflict(MSG.copyOnLoan, 'COPY_ON_LOAN');
    const label = copy.accession;
    if (changing && copy.status === 'on_loan') {
      const rules = await circulationRules.getSettings(tx);
      const cost = updated.pricePaise ?? rules.replacementPaise;
      const closed = await loans.closeLoan(tx, { copyId: copy.id, by: p.user.id, replacementPaise: cost });
      if (!closed) throw conflict(MSG.copyOnLoan, 'COPY_ON_LOAN');
      const member = (await users.usersByIds(ctx, [closed.userId], tx)).get(closed.userId);
      await audit.record(
        ctx,
        p,
        { action: 'library.copy_lost', target: { type: 'library copy', id: copy.id, label }, details: { loan: closed.id, member: member?.email ?? closed.userId, replacement: rupees(cost), fine: rupees(closed.finePaise) } },
        tx,
      );
    } else {
      const changes = audit.changesOf(presentCopy(copy), presentCopy(updated), ['status', 'shelf', 'acquiredOn', 'price', 'batch']);
      if (Object.keys(changes).length > 0) await audit.record(ctx, p, { action: 'library.copy_changed', target: { type: 'library copy', id: copy.id, label }, changes }, tx);
      // A copy back on the shelf (found, repaired) goes to a member waiting for its title first.
      if (changing && patch.status === 'available') await holdsService.serveWaiting(ctx, tx, [updated]);
    }
    return { barcode: copy.accession, lost: changing && copy.status === 'on_loan' };
  });
  await holdsService.deliver(ctx);
  return { message: lost ? MSG.copyLost : MSG.copyUpdated, copy: await getCopy(ctx, barcode) };
}


// ---------------------------------------------------------------------------------------------
// Scanning desk

/** The member a card scan names: the ID card's QR payload, else a student ID or employee ID (or the account id the desk's screen holds); 404 otherwise. */
async function memberOfCard(ctx: AppContext, scanned: string) {
  const byCard = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(scanned)
    ? scanned.toLowerCase() // the desk's screen holds the member it found by account id
    : scanned.includes('/verify/') || /^[A-Za-z0-9_-]{43}$/.test(scanned)
      ? await idcards.cardHolder(ctx, scanned)
      : undefined;
  const member = byCard ? (await users.usersByIds(ctx, [byCard])).get(byCard) : await users.activeUserByMemberNumber(ctx, scanned);
  if (!member || member.status !== 'active') throw notFound(MSG.deskMemberUnknown, 'MEMBER_NOT_FOUND');
  return member;
}

/** POST /library/desk/member: who a scanned card is, with loans on hand and fines owed. */
export async function deskMember(ctx: AppContext, scanned: string) {
  const member = await memberOfCard(ctx, scanned);
  const figures = await desk.loanFiguresOf(ctx.db, [member.id]);
  return presentMember(member, figures.get(member.id));
}

/**
 * A loan another desk issued this recently is not returned by a scan: two desks scanned the same
 * copy at once, and the later one must not undo the earlier (409, nothing changes).
 */
const RACE_SECONDS = 5;

const COPY_REFUSALS: Record<string, () => Error> = {
  withdrawn: () => conflict(MSG.copyWithdrawn, 'COPY_WITHDRAWN'),
  lost: () => conflict(MSG.copyMarkedLost, 'COPY_LOST'),
  damaged: () => conflict(MSG.copyDamaged, 'COPY_DAMAGED'),
  on_hold_shelf: () => conflict(MSG.copyOnHoldShelf, 'COPY_ON_HOLD_SHELF'),
};

/**
 * One scan at the desk (POST /library/desk/scan): a copy on loan comes back (its fine fixed as a
 * return fixes it), an available copy goes out to the scanned member under the same rules as an
 * issue (loan limit, blocking fines, one copy of a title each). Every refusal is a 4xx that
 * changes nothing. Two desks scanning the last copy at once: the copy's conditional UPDATE lets
 * exactly one have it.
 */
export async function deskScan(ctx: AppContext, p: Principal, body: DeskScanInput): Promise<DeskScanResult> {
  const found = await copies.findByAccession(ctx.db, body.barcode);
  if (!found) throw copyNotFound();
  const copy = found.copy;
  if (copy.status === 'on_loan') {
    const closed = await ctx.db.transaction(async (tx) => {
      const c = await loans.closeLoan(tx, { copyId: copy.id, by: p.user.id, sparingSeconds: RACE_SECONDS });
      if (!c) throw conflict(MSG.copyNotAvailable, 'COPY_NOT_AVAILABLE');
      await holdsService.releaseCopy(ctx, tx, copy, 'on_loan');
      return c;
    });
    await holdsService.deliver(ctx);
    const loan = await loanView(ctx, closed.id);
    const owed = await loans.memberFines(ctx.db, closed.userId);
    return { action: 'returned', message: MSG.deskReturned, loan, fineOwed: loan.fineStatus === 'unpaid' ? loan.fineAccrued : 0, memberFinesOwed: rupees(owed.owedPaise) };
  }
  const onHoldShelf = copy.status === 'on_hold_shelf';
  const refusal = onHoldShelf ? undefined : COPY_REFUSALS[copy.status];
  if (refusal) throw refusal();
  if (!body.member) throw badRequest(MSG.deskMemberFirst, 'MEMBER_FIRST');
  const member = await memberOfCard(ctx, body.member);
  // A copy on the hold shelf goes to the member it is kept for, and to no one else.
  if (onHoldShelf && !(await holdsService.heldFor(ctx.db, copy.id, member.id))) throw COPY_REFUSALS.on_hold_shelf!();
  let loanId: string;
  try {
    loanId = await ctx.db.transaction(async (tx) => {
      if (!(await users.lockActiveUser(ctx, member.id, tx))) throw notFound(MSG.deskMemberUnknown, 'MEMBER_NOT_FOUND');
      if (await academics.isGraduate(ctx, member.id, tx)) throw forbidden(MSG.graduateCannotBorrow, 'GRADUATE_CANNOT_BORROW');
      const rules = await circulationRules.getSettings(tx);
      const standing = await loans.memberStanding(tx, member.id, copy.bookId);
      if (standing.holdsBook) throw conflict(MSG.alreadyBorrowed, 'ALREADY_BORROWED');
      if (standing.active >= rules.maxActiveLoans) throw conflict(MSG.loanLimitReached, 'LOAN_LIMIT_REACHED');
      if (standing.owedPaise > 0 && standing.owedPaise >= rules.finesBlockPaise) throw conflict(MSG.finesBlockBorrowing, 'FINES_BLOCK_BORROWING');
      const taken = onHoldShelf ? (await holdsService.collectHeld(tx, member.id, copy.bookId, p.user.id)) === copy.id : await copies.takeCopy(tx, copy.id);
      if (!taken) throw conflict(MSG.copyNotAvailable, 'COPY_NOT_AVAILABLE');
      await holdsService.fulfilWaiting(tx, member.id, copy.bookId, p.user.id);
      return loans.insertLoan(tx, { bookId: copy.bookId, copyId: copy.id, userId: member.id, issuedBy: p.user.id, loanDays: rules.loanPeriodDays });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.copyNotAvailable, 'COPY_NOT_AVAILABLE');
    throw err;
  }
  const loan = await loanView(ctx, loanId);
  const owed = await loans.memberFines(ctx.db, member.id);
  return { action: 'issued', message: MSG.deskIssued, loan, fineOwed: 0, memberFinesOwed: rupees(owed.owedPaise) };
}

/** The labels PDF of these copies or a batch (404 when none match), on the chosen A4 stock. */
export async function labelsPdf(ctx: AppContext, by: { accessions: string[] } | { batch: string }, layout: LabelLayout): Promise<Buffer> {
  const rows = await copies.copiesForLabels(ctx.db, by);
  if (rows.length === 0) throw notFound(MSG.labelsNone, 'NO_LABELS');
  return renderLabels(rows, layout, idcards.pdfFonts(), ctx.config.collegeName);
}
