import { useState } from 'react';
import { Link } from 'react-router';
import { hasAnyRole, LIBRARY_BORROWERS } from '@crs/shared/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useFines } from '../api/get-fines';
import { useMyLoans } from '../api/get-loans';
import { useRenewLoan } from '../api/renew-loan';
import { useReturnBook } from '../api/return-book';
import type { Loan } from '../api/types';
import { daysText, formatDate, formatRupees, loanStatus, overdueDays } from '../format';
import { LIBRARY_TEXT } from '../texts';
import { ActionDialog, SuccessDialog } from './action-dialog';
import { LoanStatusBadge } from './loan-status-badge';
import { ReturnOutcome } from './loan-outcome';

/**
 * The signed-in member's loans (the My Loans tab and the student's library page): status, overdue
 * days, fine in rupees; Return (after 'Confirm Return') and Renew for members who may borrow. After a
 * return the loans and fines reload.
 */
export function MyLoans() {
  const { user } = useAuth();
  const canBorrow = hasAnyRole(user?.roles ?? [], LIBRARY_BORROWERS);
  const loans = useMyLoans();
  const fines = useFines();
  const returnBook = useReturnBook();
  const renew = useRenewLoan();
  const [now] = useState(() => Date.now());
  const [returning, setReturning] = useState<Loan | null>(null);
  const [returned, setReturned] = useState<Loan | null>(null);

  async function doRenew(loan: Loan) {
    try {
      const { message, loan: renewed } = await renew.mutateAsync(loan._id);
      toast.success(`${message}: due on ${formatDate(renewed.dueOn)}`);
    } catch (e) {
      toast.error(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-5">
          <p className="text-sm text-muted-foreground">Outstanding fines</p>
          {fines.isPending ? <Skeleton className="mt-2 h-8 w-24" /> : <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="fines-total">{formatRupees(fines.data?.total ?? 0)}</p>}
        </Card>
        <Card className="p-5">
          <p className="text-sm text-muted-foreground">Overdue loans</p>
          {fines.isPending ? <Skeleton className="mt-2 h-8 w-12" /> : <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="fines-overdue">{fines.data?.overdue ?? 0}</p>}
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{LIBRARY_TEXT.tabLoans}</CardTitle>
        </CardHeader>
        <CardContent>
          {loans.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : (loans.data?.loans.length ?? 0) === 0 ? (
            <p className="text-sm text-muted-foreground">{LIBRARY_TEXT.noLoans}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{LIBRARY_TEXT.tabLoans}</caption>
                <thead className="text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-4 font-medium">Book</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Issued</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Due</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Overdue</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Fine</th>
                    <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {loans.data?.loans.map((loan) => {
                    const status = loanStatus(loan, now);
                    const late = overdueDays(loan, now);
                    return (
                      <tr key={loan._id} className="border-b last:border-0" data-testid="loan-row">
                        <td className="py-2 pr-4 font-medium">
                          <Link to={paths.library.book(loan.bookId)} className="underline-offset-4 hover:underline">
                            {loan.book.title}
                          </Link>
                        </td>
                        <td className="whitespace-nowrap py-2 pr-4">{formatDate(loan.issuedOn)}</td>
                        <td className="whitespace-nowrap py-2 pr-4">{status === 'Returned' ? `Returned ${formatDate(loan.returnedOn)}` : formatDate(loan.dueOn)}</td>
                        <td className="py-2 pr-4">
                          <LoanStatusBadge status={status} />
                        </td>
                        <td className="whitespace-nowrap py-2 pr-4">{late > 0 ? daysText(late) : '—'}</td>
                        <td className="whitespace-nowrap py-2 pr-4 tabular-nums">{formatRupees(loan.fineAccrued)}</td>
                        <td className="py-2">
                          {canBorrow && status !== 'Returned' ? (
                            <div className="flex justify-end gap-2">
                              {status === 'Active' && loan.renewalsLeft > 0 ? (
                                <Button size="sm" variant="outline" disabled={renew.isPending} onClick={() => void doRenew(loan)}>
                                  {LIBRARY_TEXT.renew}
                                </Button>
                              ) : null}
                              <Button size="sm" onClick={() => setReturning(loan)}>
                                {LIBRARY_TEXT.returnBook}
                              </Button>
                            </div>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <ActionDialog
        open={returning !== null}
        onOpenChange={(open) => !open && setReturning(null)}
        title={LIBRARY_TEXT.confirmReturnTitle}
        description={LIBRARY_TEXT.returnDescription}
        confirmLabel={LIBRARY_TEXT.confirmReturn}
        onConfirm={async () => {
          if (!returning) return;
          const { loan } = await returnBook.mutateAsync({ bookId: returning.bookId });
          setReturned(loan);
        }}
      >
        {returning ? <p className="text-sm font-medium">{returning.book.title}</p> : null}
      </ActionDialog>
      <SuccessDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </SuccessDialog>
    </div>
  );
}
