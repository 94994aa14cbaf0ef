import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, type ApiServer } from '@/test/api-server';
import { makeBook, makeLoan } from '@/test/library';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';
import { formatDate } from '@/lib/format-date';
import { DESK_TEXT } from '../texts';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const settings = { loanPeriodDays: 14, finePerDay: 2, graceDays: 0, maxFinePerLoan: 200, maxActiveLoans: 5, renewalsAllowed: 2, finesBlockAt: 500, replacementCost: 500, accessionPrefix: 'CRSIET', updatedAt: '2026-01-01T00:00:00Z' };

describe('the scanning desk on the librarian dashboard', () => {
  it('takes a card then barcodes from the keyboard (Enter ends a scan): issues, returns with the fine, says why a scan is refused', async () => {
    const member = { _id: '20000000-0000-4000-8000-000000000002', name: 'Arjun Iyer', email: 'arjun@demo.crs', studentId: 'STU000042', roles: ['Student'], activeLoans: 0, finesOwed: 0 };
    const book = makeBook({ title: 'Engineering Thermodynamics' });
    const issued = makeLoan(book, member, { dueInDays: 14, accession: 'CRSIET-000101' });
    const returned = makeLoan(book, member, { returned: true, fine: 6, accession: 'CRSIET-000101' });
    const scans: unknown[] = [];
    server = await signedInAs(makeUser({ roles: ['Librarian'], name: 'Lib' }), {
      'GET /library/settings': { body: settings },
      'GET /library/loans': { body: { loans: [], total: 0 } },
      'POST /library/desk/member': (req) =>
        (req.body as { member: string }).member.toUpperCase() === 'STU000042' ? { body: member } : { status: 404, body: { message: MSG.deskMemberUnknown, code: 'MEMBER_NOT_FOUND' } },
      'POST /library/desk/scan': (req) => {
        const body = req.body as { barcode: string; member?: string };
        scans.push(body);
        if (body.barcode === 'STU000042') return { status: 404, body: { message: MSG.copyNotFound, code: 'COPY_NOT_FOUND' } };
        if (body.barcode === 'CRSIET-000999') return { status: 409, body: { message: MSG.copyWithdrawn, code: 'COPY_WITHDRAWN' } };
        return scans.filter((s) => (s as { barcode: string }).barcode === 'CRSIET-000101').length === 1
          ? { body: { action: 'issued', message: MSG.deskIssued, loan: issued, fineOwed: 0, memberFinesOwed: 0 } }
          : { body: { action: 'returned', message: MSG.deskReturned, loan: returned, fineOwed: 6, memberFinesOwed: 6 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/librarian');
    const desk = await screen.findByRole('region', { name: DESK_TEXT.title }, { timeout: 10_000 });
    const status = within(desk).getByRole('status');

    // The card: a student ID looks like a barcode, so the desk tries it as a copy, then as a card.
    await user.type(within(desk).getByLabelText(DESK_TEXT.scanCard), 'STU000042{Enter}');
    expect(await within(status).findByText(/^Arjun Iyer \(STU000042\): 0 on loan/)).toBeInTheDocument();
    expect(within(desk).getByText(DESK_TEXT.current('Arjun Iyer', 'STU000042'))).toBeInTheDocument();

    const input = within(desk).getByLabelText(DESK_TEXT.scanCopy);
    expect(input).toHaveFocus();
    await user.keyboard('CRSIET-000101{Enter}');
    expect(await within(status).findByText(DESK_TEXT.issued('Engineering Thermodynamics', 'CRSIET-000101', 'Arjun Iyer', formatDate(issued.dueOn)))).toBeInTheDocument();
    expect(scans.at(-1)).toEqual({ barcode: 'CRSIET-000101', member: member._id });

    await user.keyboard('CRSIET-000999{Enter}');
    expect(await within(status).findByText(MSG.copyWithdrawn)).toBeInTheDocument();

    await user.keyboard('CRSIET-000101{Enter}');
    expect(await within(status).findByText(DESK_TEXT.returned('Engineering Thermodynamics', 'CRSIET-000101', 'Arjun Iyer', '₹6.00'))).toBeInTheDocument();
    // Earlier scans stay listed under the latest.
    expect(within(within(desk).getByRole('list', { name: DESK_TEXT.earlier })).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(desk).getByRole('button', { name: DESK_TEXT.newMember }));
    expect(within(desk).getByLabelText(DESK_TEXT.scanCard)).toHaveFocus();
    await user.keyboard('https://crs.example/verify/not-a-card{Enter}');
    expect(await within(status).findByText(MSG.deskMemberUnknown)).toBeInTheDocument();
  }, 30_000);
});
