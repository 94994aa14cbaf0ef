import type { Loan } from '../api/types';
import { formatDate } from '@/lib/format-date';
import { daysText, formatRupees } from '../format';

/** What the success dialogs say about a loan just made or just returned. */
export function BorrowOutcome({ loan }: { loan: Loan }) {
  return (
    <>
      <span>
        <strong>{loan.book.title}</strong> is issued to {loan.member.name}.
      </span>
      <span>Due on {formatDate(loan.dueOn)}.</span>
    </>
  );
}

export function ReturnOutcome({ loan }: { loan: Loan }) {
  return (
    <>
      <span>
        <strong>{loan.book.title}</strong> has been returned by {loan.member.name}.
      </span>
      {loan.fineAccrued > 0 ? (
        <span data-testid="return-fine">
          Returned {daysText(loan.daysOverdue)} late. Fine: {formatRupees(loan.fineAccrued)}
        </span>
      ) : (
        <span data-testid="return-fine">No fine is due.</span>
      )}
    </>
  );
}
