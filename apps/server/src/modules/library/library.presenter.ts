import type { Role } from '@crs/shared/roles';
import type { Book, Copy, CopyStatus, Hold, LibrarySettings, Loan, OpacBook } from '@crs/shared/schemas/library';
import type { CopyRow, LibrarySettingsRow } from '../../db/schema/library.ts';
import type { BookView } from './books.repository.ts';
import type { HoldRecord } from './holds.repository.ts';
import type { LoanRecord } from './loans.repository.ts';

// The library's answers take their shape here, and only here: the service calls these, routes
// only send. Money is integer paise in the database and rupees on the wire.

export const rupees = (paiseValue: number) => Math.round(paiseValue) / 100;
export const paise = (rupeesValue: number) => Math.round(rupeesValue * 100);

/** The one book shape of every answer. */
export function presentBook(b: BookView): Book {
  return {
    _id: b.id,
    title: b.title,
    authors: b.authors,
    subjects: b.subjects,
    publisher: b.publisher,
    year: b.year,
    isbn: b.isbn,
    tags: b.tags,
    copiesAvailable: b.copiesAvailable,
    copiesTotal: b.copiesTotal,
  };
}

/** A member as a loan shows it (the users module's card). */
export type MemberCard = { id: string; name: string; email: string; studentId: string | null };

/**
 * The one loan shape of every answer, with the status, days overdue and fine the server computed
 * (clients never compute them). `people` holds the member and whoever settled the fine.
 */
export function presentLoan(r: LoanRecord, people: ReadonlyMap<string, MemberCard>): Loan {
  const l = r.loan;
  const fine = Number(r.finePaise);
  const member = people.get(l.userId);
  const settler = l.fineSettledBy ? people.get(l.fineSettledBy) : undefined;
  return {
    _id: l.id,
    bookId: l.bookId,
    book: presentBook(r.book),
    userId: l.userId,
    // Loans keep their member (the foreign key refuses deleting one), so the fallback never shows.
    member: { _id: l.userId, name: member?.name ?? '', email: member?.email ?? '', studentId: member?.studentId ?? null },
    issuedOn: l.issuedOn.toISOString(),
    dueOn: l.dueOn.toISOString(),
    returnedOn: l.returnedOn?.toISOString() ?? null,
    status: r.status,
    daysOverdue: Number(r.daysOverdue),
    renewals: l.renewals,
    renewalsLeft: l.returnedOn ? 0 : Math.max(0, r.renewalsAllowed - l.renewals),
    fineAccrued: rupees(fine),
    fineStatus: l.finePaidAt ? 'paid' : l.fineWaivedAt ? 'waived' : fine > 0 ? 'unpaid' : 'none',
    finePaidAt: l.finePaidAt?.toISOString() ?? null,
    fineWaivedAt: l.fineWaivedAt?.toISOString() ?? null,
    fineSettledBy: settler ? { _id: settler.id, name: settler.name } : null,
    accession: r.accession,
    fineKind: l.fineKind === 'replacement' ? 'replacement' : 'overdue',
  };
}

/** The one copy shape of every answer; the barcode is the accession number. */
export function presentCopy(c: CopyRow): Copy {
  return {
    _id: c.id,
    bookId: c.bookId,
    accession: c.accession,
    barcode: c.accession,
    status: c.status as CopyStatus,
    shelf: c.shelf,
    acquiredOn: c.acquiredOn,
    price: c.pricePaise === null ? null : rupees(c.pricePaise),
    batch: c.batch,
  };
}

/** Ids of everyone a list of loans shows: members and fine settlers. */
export const peopleOf = (records: readonly LoanRecord[]) =>
  records.flatMap((r) => (r.loan.fineSettledBy ? [r.loan.userId, r.loan.fineSettledBy] : [r.loan.userId]));

export function presentSettings(s: LibrarySettingsRow): LibrarySettings & { accessionPrefix: string; replacementCost: number; holdPickupDays: number; updatedAt: string } {
  return {
    loanPeriodDays: s.loanPeriodDays,
    finePerDay: rupees(s.finePerDayPaise),
    graceDays: s.graceDays,
    maxFinePerLoan: rupees(s.maxFinePaise),
    maxActiveLoans: s.maxActiveLoans,
    renewalsAllowed: s.renewalsAllowed,
    finesBlockAt: rupees(s.finesBlockPaise),
    accessionPrefix: s.accessionPrefix,
    replacementCost: rupees(s.replacementPaise),
    holdPickupDays: s.holdPickupDays,
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A member found at the desk, with loans on hand and fines owed. */
export function presentMember(m: MemberCard & { roles: Role[] }, figures: { active: number; owedPaise: number } | undefined) {
  return {
    _id: m.id,
    name: m.name,
    email: m.email,
    studentId: m.studentId,
    roles: m.roles,
    activeLoans: figures?.active ?? 0,
    finesOwed: rupees(figures?.owedPaise ?? 0),
  };
}

/** A hold as its member sees it: the title, where it stands in the queue or until when its copy waits. */
export function presentHold(r: HoldRecord): Hold {
  const h = r.hold;
  return {
    _id: h.id,
    bookId: h.bookId,
    book: presentBook(r.book),
    status: h.status,
    position: r.position == null ? null : Number(r.position),
    placedAt: h.placedAt.toISOString(),
    readyAt: h.readyAt?.toISOString() ?? null,
    expiresAt: h.expiresAt?.toISOString() ?? null,
    accession: h.status === 'ready' ? (r.accession ?? null) : null,
  };
}

/** A hold on the desk's hold shelf: with its member. */
export function presentDeskHold(r: HoldRecord, people: ReadonlyMap<string, MemberCard>) {
  const m = people.get(r.hold.userId);
  return { ...presentHold(r), accession: r.accession ?? null, member: { _id: r.hold.userId, name: m?.name ?? '', email: m?.email ?? '' } };
}

/** A book of the public catalogue: its copies' numbers, shelves and whether each is on the shelf. */
export function presentOpacBook(b: BookView, list: ReadonlyArray<{ accession: string; shelf: string | null; status: string }>): OpacBook {
  return {
    ...presentBook(b),
    copies: list.map((c) => ({
      accession: c.accession,
      shelf: c.shelf,
      available: c.status === 'available',
      status: c.status === 'available' || c.status === 'on_loan' || c.status === 'on_hold_shelf' ? c.status : 'unavailable',
    })),
  };
}
