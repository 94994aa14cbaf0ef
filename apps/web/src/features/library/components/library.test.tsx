import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, type ApiServer, type Handler, type Reply } from '@/test/api-server';
import { makeBook, makeLoan } from '@/test/library';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';
import { actionsFor } from './book-detail';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const settings = { loanPeriodDays: 21, finePerDay: 2, graceDays: 0, maxFinePerLoan: 200, maxActiveLoans: 5, renewalsAllowed: 2, finesBlockAt: 500, replacementCost: 500, accessionPrefix: 'ACC', updatedAt: '2026-01-01T00:00:00Z' };

/** A library API over a fixed catalogue (search by title, case-insensitive). */
function libraryRoutes(books = [makeBook()], extra: Record<string, Handler | Reply> = {}): Record<string, Handler | Reply> {
  return {
    'GET /library/books': (req) => {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const found = books.filter((b) => b.title.toLowerCase().includes(q));
      return { body: { books: found, total: found.length, capped: false } };
    },
    ...Object.fromEntries(books.map((b) => [`GET /library/books/${b._id}`, { body: b }])),
    'GET /library/loans': { body: { loans: [], total: 0 } },
    'GET /library/fines': { body: { total: 0, overdue: 0 } },
    'GET /library/summary': { body: { activeLoans: 0, overdueLoans: 0, dueSoon: 0 } },
    'GET /library/settings': { body: settings },
    ...extra,
  };
}

const searches = (s: ApiServer) => s.calls('GET /library/books').map((r) => r.query.get('q'));

describe('/library search', () => {
  it('shows 8 skeleton cards while loading, then the cards with title, author, 2 subjects and +N, availability and a link', async () => {
    const book = makeBook({ title: 'Quantum Mechanics', authors: ['P. Dirac', 'R. Feynman'], subjects: ['Physics', 'Maths', 'Chemistry', 'History'], copiesAvailable: 0, copiesTotal: 4 });
    const routes = libraryRoutes([book]);
    server = await signedInAs(makeUser({ roles: ['Student'] }), { ...routes, 'GET /library/books': { delayMs: 400, body: { books: [book], total: 1, capped: false } } });
    renderApp('/library');
    expect(await screen.findByPlaceholderText('Search by title, author, subject...')).toBeInTheDocument();
    expect(screen.getAllByTestId('book-skeleton')).toHaveLength(8);
    const card = (await screen.findByRole('heading', { name: 'Quantum Mechanics' })).closest('a')!;
    expect(screen.queryAllByTestId('book-skeleton')).toHaveLength(0);
    expect(card).toHaveAttribute('href', `/library/books/${book._id}`);
    expect(within(card).getByText('P. Dirac, R. Feynman')).toBeInTheDocument();
    expect(within(card).getByText('Physics')).toBeInTheDocument();
    expect(within(card).getByText('Maths')).toBeInTheDocument();
    expect(within(card).queryByText('Chemistry')).not.toBeInTheDocument();
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(within(card).getByText('0 of 4 available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('searches when the query is empty or at least 2 characters, debounced', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), libraryRoutes([makeBook({ title: 'Algebra' }), makeBook({ title: 'Botany' })]));
    const user = userEvent.setup();
    renderApp('/library');
    await screen.findByRole('heading', { name: 'Algebra' });
    expect(searches(server)).toEqual(['']);

    const box = screen.getByRole('searchbox', { name: 'Search books' });
    await user.type(box, 'a');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    expect(searches(server)).toEqual(['']);
    expect(screen.getByRole('heading', { name: 'Botany' })).toBeInTheDocument();

    await user.type(box, 'lg');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Botany' })).not.toBeInTheDocument());
    // Typed quickly: only the final text was sent, once.
    expect(searches(server)).toEqual(['', 'alg']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Botany' })).toBeInTheDocument();
    // The whole catalogue comes back from the cache: no new request.
    expect(searches(server)).toEqual(['', 'alg']);
  });

  it("says 'No books found.' when nothing matches", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), libraryRoutes([makeBook({ title: 'Algebra' })]));
    const user = userEvent.setup();
    renderApp('/library');
    await screen.findByRole('heading', { name: 'Algebra' });
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'zz');
    expect(await screen.findByText('No books found.')).toBeInTheDocument();
  });
});

describe('/library tabs by role', () => {
  it.each(['Librarian', 'Admin', 'SuperAdmin'])('%s sees the Management tab and Add New Book', async (role) => {
    server = await signedInAs(makeUser({ roles: [role] }), libraryRoutes(undefined, { 'GET /library/stats': { body: { books: 7, copiesTotal: 9, copiesOnLoan: 2, overdueLoans: 1, finesOutstanding: 4 } } }));
    const user = userEvent.setup();
    renderApp('/library');
    expect(await screen.findByRole('button', { name: 'Add New Book' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Management' }));
    expect(await screen.findByRole('heading', { name: 'Circulation Rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import Books' })).toBeInTheDocument();
    expect(await screen.findByText('₹4.00')).toBeInTheDocument();
  });

  it.each(['Teacher', 'Student', 'Staff'])('%s gets no Management trigger, no Add New Book and no Management content, even via ?tab=management', async (role) => {
    server = await signedInAs(makeUser({ roles: [role] }), libraryRoutes());
    renderApp('/library?tab=management');
    expect(await screen.findByRole('tab', { name: 'Search Books' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My Loans' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Circulation Rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Loans' })).not.toBeInTheDocument();
    // The help card speaks of teachers' borrowing: Teachers only (issue 25 item 8).
    const help = screen.queryByText('Teachers can only view availability and must contact the library for borrowing, returning or extensions.');
    if (role === 'Teacher') expect(help).toBeInTheDocument();
    else expect(help).not.toBeInTheDocument();
    expect(server.calls('GET /library/stats')).toHaveLength(0);
  });
});

describe('My Loans', () => {
  it('shows status, overdue days and fines in rupees; Return asks, then loans and fines reload', async () => {
    const me = makeUser({ roles: ['Student'], name: 'Sam Student' });
    const member = { _id: me._id, name: me.name, email: me.email };
    const late = makeLoan(makeBook({ title: 'Late Book' }), member, { dueInDays: -2.5, fine: 6 });
    const onTime = makeLoan(makeBook({ title: 'Fresh Book' }), member, { dueInDays: 5 });
    const back = makeLoan(makeBook({ title: 'Old Book' }), member, { dueInDays: -30, returned: true });
    let loans = [late, onTime, back];
    server = await signedInAs(
      me,
      libraryRoutes(undefined, {
        'GET /library/loans': () => ({ body: { loans, total: loans.length } }),
        'GET /library/fines': () => ({ body: { total: loans.includes(late) ? 6 : 0, overdue: loans.includes(late) ? 1 : 0 } }),
        [`POST /library/books/${late.bookId}/return`]: () => {
          const returned = { ...late, returnedOn: new Date().toISOString(), status: 'returned' as const, daysOverdue: 3 };
          loans = [onTime, returned, back];
          return { body: { message: 'Book returned', loan: returned } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/library?tab=loans');
    const lateRow = (await screen.findByRole('link', { name: 'Late Book' })).closest('tr')!;
    expect(within(lateRow).getByText('Overdue')).toBeInTheDocument();
    expect(within(lateRow).getByText('3 days')).toBeInTheDocument();
    expect(within(lateRow).getByText('₹6.00')).toBeInTheDocument();
    const freshRow = screen.getByRole('link', { name: 'Fresh Book' }).closest('tr')!;
    expect(within(freshRow).getByText('Active')).toBeInTheDocument();
    expect(within(freshRow).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    const oldRow = screen.getByRole('link', { name: 'Old Book' }).closest('tr')!;
    expect(within(oldRow).getByText('Returned')).toBeInTheDocument();
    expect(within(oldRow).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByTestId('fines-total')).toHaveTextContent('₹6.00');

    await user.click(within(lateRow).getByRole('button', { name: 'Return Book' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Book Return' });
    expect(dialog).toHaveAccessibleDescription('Any late fees will be calculated upon return.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Return' }));
    const done = await screen.findByRole('alertdialog', { name: 'Book Returned Successfully' });
    expect(within(done).getByTestId('return-fine')).toHaveTextContent('Fine: ₹6.00');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('fines-total')).toHaveTextContent('₹0.00'));
    expect(within(screen.getByRole('link', { name: 'Late Book' }).closest('tr')!).getByText('Returned')).toBeInTheDocument();
    expect(server.calls('GET /library/fines').length).toBeGreaterThanOrEqual(2);
  });

  it("with self-service return off, a Student's open loans say 'Return at the library desk' instead of the Return button", async () => {
    const me = makeUser({ roles: ['Student'] });
    const member = { _id: me._id, name: me.name, email: me.email };
    const open = makeLoan(makeBook({ title: 'Held Book' }), member, { dueInDays: 5 });
    const back = makeLoan(makeBook({ title: 'Old Book' }), member, { dueInDays: -30, returned: true });
    server = await signedInAs(
      me,
      libraryRoutes(undefined, {
        'GET /library/loans': { body: { loans: [open, back], total: 2 } },
        'GET /settings/public': { body: { institutionName: 'T', shortName: 'T', logoUrl: null, academicYear: '2026-27', studentRegistration: 'open', registrationDomains: [], selfServiceReturn: false } },
      }),
    );
    renderApp('/library?tab=loans');
    const row = (await screen.findByRole('link', { name: 'Held Book' })).closest('tr')!;
    expect(await within(row).findByText('Return at the library desk')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Return Book' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Old Book' }).closest('tr')!).queryByText('Return at the library desk')).not.toBeInTheDocument();
  });

  it('Renew confirms with a toast and the new due date', async () => {
    const me = makeUser({ roles: ['Student'] });
    const member = { _id: me._id, name: me.name, email: me.email };
    const loan = makeLoan(makeBook({ title: 'Renewable' }), member, { dueInDays: 3 });
    server = await signedInAs(
      me,
      libraryRoutes(undefined, {
        'GET /library/loans': { body: { loans: [loan], total: 1 } },
        [`POST /library/loans/${loan._id}/renew`]: { body: { message: 'Loan renewed', loan: { ...loan, dueOn: '2026-11-27T10:00:00.000Z', renewals: 1, renewalsLeft: 1 } } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/library?tab=loans');
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Loan renewed: due on 27 Nov 2026')).toBeInTheDocument();
  });

  it("a Teacher's loans are read-only; an empty list says 'No books issued yet'", async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), libraryRoutes());
    renderApp('/library?tab=loans');
    expect(await screen.findByText('No books issued yet')).toBeInTheDocument();
  });
});

describe('book detail', () => {
  it('shows every field, the availability bar and the information card', async () => {
    const book = makeBook({ title: 'Signals', authors: [], subjects: ['Electronics', 'Maths'], publisher: 'Pearson', year: 2019, isbn: '9780134685991', tags: [], copiesAvailable: 1, copiesTotal: 4 });
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), libraryRoutes([book]));
    renderApp(`/library/books/${book._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Signals' })).toBeInTheDocument();
    expect(screen.getByText('Unknown Author')).toBeInTheDocument();
    expect(screen.getByText('Electronics')).toBeInTheDocument();
    expect(screen.getByText('Pearson')).toBeInTheDocument();
    expect(screen.getByText('2019')).toBeInTheDocument();
    expect(screen.getByText('9780134685991')).toBeInTheDocument();
    expect(screen.getByText('No tags')).toBeInTheDocument();
    expect(screen.getByText('1 of 4 copies available')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Availability' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByTestId('figure-total-copies')).toHaveTextContent('4');
    expect(screen.getByTestId('figure-available')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-borrowed')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // A Teacher gets no borrow, return or desk actions.
    const actions = screen.getByRole('heading', { name: 'Actions' }).parentElement!.parentElement!;
    expect(within(actions).queryAllByRole('button')).toHaveLength(0);
  });

  it("says 'Book not found' with a way back to the library", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), libraryRoutes());
    renderApp('/library/books/10000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Library' })).toHaveAttribute('href', '/library');
  });

  it('actions follow the first role only', () => {
    expect(actionsFor(['Student'])).toBe('student');
    expect(actionsFor(['Student', 'Librarian'])).toBe('student');
    expect(actionsFor(['Librarian'])).toBe('desk');
    expect(actionsFor(['Admin'])).toBe('desk');
    expect(actionsFor(['SuperAdmin', 'Student'])).toBe('desk');
    expect(actionsFor(['Teacher', 'Student'])).toBe('none');
    expect(actionsFor(['Staff'])).toBe('none');
    expect(actionsFor(undefined)).toBe('none');
  });

  it("Student: 'Not Available' (disabled) when no copy is left; 'Already borrowed' (disabled) and Return Book for their active loan", async () => {
    const me = makeUser({ roles: ['Student', 'Librarian'] });
    const book = makeBook({ copiesAvailable: 0, copiesTotal: 1 });
    const held = makeBook({ copiesAvailable: 3, copiesTotal: 4 });
    const loan = makeLoan(held, { _id: me._id, name: me.name, email: me.email });
    server = await signedInAs(me, libraryRoutes([book, held], { 'GET /library/loans': { body: { loans: [loan], total: 1 } } }));
    const { unmount } = renderApp(`/library/books/${book._id}`);
    expect(await screen.findByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Return Book' })).not.toBeInTheDocument();
    unmount();

    renderApp(`/library/books/${held._id}`);
    expect(await screen.findByRole('button', { name: 'Already borrowed' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Borrow This Book' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Return Book' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Issue Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Book' })).not.toBeInTheDocument();
  });

  it("Student borrows: 'Confirm Book Borrow' with the server's loan period, the server's refusal inline, then success and a reload", async () => {
    const me = makeUser({ roles: ['Student'], name: 'Sam' });
    const book = makeBook({ title: 'Optics', copiesAvailable: 2, copiesTotal: 2 });
    let attempts = 0;
    server = await signedInAs(
      me,
      libraryRoutes([book], {
        [`POST /library/books/${book._id}/issue`]: () => {
          attempts += 1;
          if (attempts === 1) return { status: 409, body: { message: 'The member already has the maximum number of books on loan', code: 'LOAN_LIMIT_REACHED' } };
          book.copiesAvailable = 1;
          return { status: 201, body: { message: 'Book issued', loan: makeLoan(book, { _id: me._id, name: me.name, email: me.email }, { dueInDays: 21 }) } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp(`/library/books/${book._id}`);
    // Enabled once the student's loans are known (a book they hold says 'Already borrowed').
    const borrow = await screen.findByRole('button', { name: 'Borrow This Book' });
    await waitFor(() => expect(borrow).toBeEnabled());
    await user.click(borrow);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Book Borrow' });
    await waitFor(() => expect(dialog).toHaveAccessibleDescription('Due date will be 21 days from today. Late returns may incur fines.'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Borrow' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The member already has the maximum number of books on loan');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Borrow' }));
    const done = await screen.findByRole('alertdialog', { name: 'Book Borrowed Successfully' });
    expect(within(done).getByText(/Due on/)).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('1 of 2 copies available')).toBeInTheDocument();
    expect(server.calls(`GET /library/books/${book._id}`).length).toBeGreaterThanOrEqual(2);
  });

  it('the desk sees Issue Book, Return Book and Edit Book; issuing finds a member by name', async () => {
    const book = makeBook({ title: 'Thermodynamics', copiesAvailable: 1, copiesTotal: 2 });
    const member = { _id: '20000000-0000-4000-8000-000000000001', name: 'Asha Rao', email: 'asha@x.test', studentId: 'STU9', roles: ['Student'], activeLoans: 1, finesOwed: 0 };
    server = await signedInAs(
      makeUser({ roles: ['Librarian'] }),
      libraryRoutes([book], {
        'GET /library/members': (req) => ({ body: { members: (req.query.get('q') ?? '').length >= 2 && 'asha rao'.includes((req.query.get('q') ?? '').toLowerCase()) ? [member] : [] } }),
        [`POST /library/books/${book._id}/issue`]: () => ({ status: 201, body: { message: 'Book issued', loan: makeLoan(book, member, { dueInDays: 21 }) } }),
      }),
    );
    const user = userEvent.setup();
    renderApp(`/library/books/${book._id}`);
    expect(await screen.findByRole('button', { name: 'Return Book' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit Book' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrow This Book' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Book' });
    await user.type(within(dialog).getByLabelText('Find a member'), 'Asha');
    await user.click(await within(dialog).findByRole('radio', { name: /Asha Rao/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue to Asha Rao' }));
    expect(await screen.findByRole('alertdialog', { name: 'Book Issued Successfully' })).toBeInTheDocument();
    expect(server.calls(`POST /library/books/${book._id}/issue`)[0]?.body).toEqual({ userId: member._id });
  });

  it("Edit Book shows the server's ISBN message on the field", async () => {
    const book = makeBook({ title: 'Chemistry', isbn: null });
    server = await signedInAs(
      makeUser({ roles: ['Admin'] }),
      libraryRoutes([book], {
        [`PATCH /library/books/${book._id}`]: { status: 409, body: { message: 'A book with this ISBN already exists', code: 'ISBN_TAKEN' } },
      }),
    );
    const user = userEvent.setup();
    renderApp(`/library/books/${book._id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Book' });
    const isbn = within(dialog).getByLabelText('ISBN');
    await user.type(isbn, '9780134685992');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('ISBN check digit does not match; please re-check the number')).toBeInTheDocument();
    expect(server.calls(`PATCH /library/books/${book._id}`)).toHaveLength(0);
    await user.clear(isbn);
    await user.type(isbn, '9780134685991');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A book with this ISBN already exists')).toBeInTheDocument();
    expect(isbn).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Circulation Rules form', () => {
  it("saves the rules with the shared toast, and puts a server's field error on its field", async () => {
    let refuse = false;
    server = await signedInAs(
      makeUser({ roles: ['Librarian'] }),
      libraryRoutes([makeBook()], {
        'PUT /library/settings': (req) =>
          refuse
            ? { status: 400, body: { message: 'Validation failed', code: 'VALIDATION_FAILED', errors: [{ path: 'maxActiveLoans', message: 'Members must be allowed at least 1 loan' }] } }
            : { body: { ...settings, ...(req.body as object), updatedAt: '2026-01-02T00:00:00Z' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/library?tab=management');
    const loanPeriod = await screen.findByLabelText('Loan period (days)');
    await user.clear(loanPeriod);
    await user.type(loanPeriod, '14');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));
    expect(await screen.findByText('Library settings saved')).toBeInTheDocument();
    expect(server.calls('PUT /library/settings')[0]?.body).toMatchObject({ loanPeriodDays: 14, finePerDay: 2 });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));
    const books = screen.getByLabelText('Books a member may hold');
    await waitFor(() => expect(books).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Members must be allowed at least 1 loan')).toBeInTheDocument();
  });
});

describe('header bell', () => {
  it('shows the dot only when loans are overdue or due soon, and lists them when opened', async () => {
    const me = makeUser({ roles: ['Student'] });
    const member = { _id: me._id, name: me.name, email: me.email };
    const late = makeLoan(makeBook({ title: 'Late Book' }), member, { dueInDays: -2 });
    const soon = makeLoan(makeBook({ title: 'Soon Book' }), member, { dueInDays: 1 });
    const later = makeLoan(makeBook({ title: 'Later Book' }), member, { dueInDays: 10 });
    server = await signedInAs(
      me,
      libraryRoutes(undefined, {
        'GET /library/summary': { body: { activeLoans: 3, overdueLoans: 1, dueSoon: 1 } },
        'GET /library/loans': { body: { loans: [late, soon, later], total: 3 } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/student');
    expect(await screen.findByTestId('notification-dot')).toBeInTheDocument();
    expect(await screen.findByText('3 books issued')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications (2 unread)' }));
    const list = await screen.findByRole('list', { name: 'Loan alerts' });
    expect(within(list).getByText('Late Book')).toBeInTheDocument();
    expect(within(list).getByText('Soon Book')).toBeInTheDocument();
    expect(within(list).queryByText('Later Book')).not.toBeInTheDocument();
  });

  it('has no dot when nothing is due', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), libraryRoutes());
    renderApp('/dashboard/student');
    expect(await screen.findByText('0 books issued')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
  });
});
