import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, type ApiServer } from '@/test/api-server';
import { makeBook, makeLoan } from '@/test/library';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const settings = { loanPeriodDays: 14, finePerDay: 2, graceDays: 0, maxFinePerLoan: 200, maxActiveLoans: 5, renewalsAllowed: 2, finesBlockAt: 500, replacementCost: 500, accessionPrefix: 'ACC', updatedAt: '2026-01-01T00:00:00Z' };

describe('Issue Book on the librarian dashboard', () => {
  it('finds the member, then the book by ISBN, confirms, shows a refusal in the server words, then issues and refreshes the desk', async () => {
    const member = { _id: '20000000-0000-4000-8000-000000000001', name: 'Meera Nair', email: 'meera@demo.crs', studentId: 'CS2024-017', roles: ['Student'], activeLoans: 1, finesOwed: 0 };
    const book = makeBook({ title: 'Linear Algebra Done Right', isbn: '9783319110790', copiesAvailable: 2, copiesTotal: 2 });
    let attempts = 0;
    server = await signedInAs(makeUser({ roles: ['Librarian'], name: 'Lib' }), {
      'GET /library/settings': { body: settings },
      'GET /library/loans': { body: { loans: [], total: 0 } },
      'GET /library/members': (req) => ({ body: { members: (req.query.get('q') ?? '').length >= 2 && 'meera nair cs2024-017'.includes(req.query.get('q')!.toLowerCase()) ? [member] : [] } }),
      'GET /library/books': (req) => ({ body: { books: req.query.get('q') === '9783319110790' ? [book] : [], total: 0, capped: false } }),
      [`POST /library/books/${book._id}/issue`]: (req) => {
        attempts += 1;
        expect(req.body).toEqual({ userId: member._id });
        if (attempts === 1) return { status: 409, body: { message: MSG.finesBlockBorrowing, code: 'FINES_BLOCK' } };
        return { status: 201, body: { message: MSG.bookIssued, loan: makeLoan(book, member, { dueInDays: 14 }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/librarian');
    const desk = await screen.findByRole('region', { name: 'Issue Book' }, { timeout: 10_000 });
    const issueButton = within(desk).getByRole('button', { name: 'Issue Book' });
    expect(issueButton).toBeDisabled();

    await user.type(within(desk).getByLabelText('Find a member'), 'CS2024');
    await user.click(await within(desk).findByRole('radio', { name: /Meera Nair/ }));
    await user.type(within(desk).getByLabelText('Find a book'), '978-3-319-11079-0');
    await user.click(await within(desk).findByRole('radio', { name: /Linear Algebra Done Right/ }));
    expect(within(desk).getByText('Linear Algebra Done Right to Meera Nair')).toBeInTheDocument();
    await user.click(issueButton);

    const dialog = await screen.findByRole('alertdialog', { name: 'Issue Book' });
    expect(dialog).toHaveTextContent('Due date will be 14 days from today.');
    await user.click(within(dialog).getByRole('button', { name: 'Issue to Meera Nair' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.finesBlockBorrowing);

    const statsBefore = server.calls('GET /library/stats').length;
    const loansBefore = server.calls('GET /library/loans').length;
    await user.click(within(dialog).getByRole('button', { name: 'Issue to Meera Nair' }));
    expect(await screen.findByText(/^Book issued: Linear Algebra Done Right to Meera Nair, due /)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server!.calls('GET /library/stats').length).toBeGreaterThan(statsBefore));
    await waitFor(() => expect(server!.calls('GET /library/loans').length).toBeGreaterThan(loansBefore));
    expect(within(desk).getByLabelText('Find a member')).toHaveValue('');
    expect(issueButton).toBeDisabled();
  });
});
