import type { Book, Loan } from '@crs/shared/schemas/library';

let n = 0;
const uuid = (k: number) => `10000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

/** A book as the server returns it. */
export function makeBook(overrides: Partial<Book> = {}): Book {
  n += 1;
  return {
    _id: uuid(n),
    title: `Book ${n}`,
    authors: ['Ann Author'],
    subjects: ['Physics'],
    publisher: 'Campus Press',
    year: 2020,
    isbn: '9780134685991',
    tags: ['core'],
    copiesAvailable: 2,
    copiesTotal: 3,
    ...overrides,
  };
}

const DAY = 86_400_000;

/** A loan as the server returns it; `dueInDays` negative makes it overdue. */
export function makeLoan(book: Book, member: { _id: string; name: string; email: string }, opts: { dueInDays?: number; returned?: boolean; fine?: number } & Partial<Loan> = {}): Loan {
  n += 1;
  const { dueInDays = 7, returned = false, fine = 0, ...rest } = opts;
  const due = Date.now() + dueInDays * DAY;
  const overdue = !returned && dueInDays < 0;
  return {
    _id: uuid(n),
    bookId: book._id,
    book,
    userId: member._id,
    member: { _id: member._id, name: member.name, email: member.email, studentId: 'STU1' },
    issuedOn: new Date(due - 14 * DAY).toISOString(),
    dueOn: new Date(due).toISOString(),
    returnedOn: returned ? new Date(due - DAY).toISOString() : null,
    status: returned ? 'returned' : overdue ? 'overdue' : 'active',
    daysOverdue: overdue ? Math.ceil(-dueInDays) : 0,
    renewals: 0,
    renewalsLeft: returned ? 0 : 2,
    fineAccrued: fine,
    fineStatus: fine > 0 ? 'unpaid' : 'none',
    finePaidAt: null,
    fineWaivedAt: null,
    fineSettledBy: null,
    accession: 'ACC-000001',
    fineKind: 'overdue',
    ...rest,
  };
}
