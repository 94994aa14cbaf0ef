import { useState } from 'react';
import { hasAnyRole, LIBRARY_BORROWERS, LIBRARY_STAFF } from '@crs/shared/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useFines } from '../api/get-fines';
import { useMyLoans } from '../api/get-loans';
import { useRenewLoan } from '../api/renew-loan';
import { useReturnBook } from '../api/return-book';
import type { Loan } from '../api/types';
import { formatDate } from '@/lib/format-date';
import { daysText, formatRupees } from '../format';
import { useSelfServiceReturn } from '../hooks/use-self-service-return';
import { LIBRARY_TEXT } from '../texts';
import { ConfirmDialog, NoticeDialog } from '@/components/ui/confirm-dialog';
import { LoanStatusBadge } from './loan-status-badge';
import { BookLink } from './book-link';
import { ReturnOutcome } from './loan-outcome';
import { MyHolds } from './my-holds';

/**
 * The signed-in member's loans (the My Loans tab and the student's library page): status, overdue
 * days, fine in rupees; Return (after 'Confirm Return') and Renew for members who may borrow. After a
 * return the loans and fines reload. When Settings says students may not return books themselves,
 * a student's row says 'Return at the library desk' instead of the button (the desk always may).
 */
export function MyLoans() {
  const { user } = useAuth();
  const canBorrow = hasAnyRole(user?.roles ?? [], LIBRARY_BORROWERS);
  const isDesk = hasAnyRole(user?.roles ?? [], LIBRARY_STAFF);
  const selfReturn = useSelfServiceReturn();
  const loans = useMyLoans();
  const fines = useFines();
  const returnBook = useReturnBook();
  const renew = useRenewLoan();
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

  const columns: Column<Loan>[] = [
    { key: 'book', header: 'Book', className: 'font-medium', cell: (loan) => <BookLink loan={loan} /> },
    { key: 'issued', header: 'Issued', className: 'whitespace-nowrap', cell: (loan) => formatDate(loan.issuedOn) },
    {
      key: 'due',
      header: 'Due',
      className: 'whitespace-nowrap',
      cell: (loan) => (loan.status === 'returned' ? `Returned ${formatDate(loan.returnedOn)}` : formatDate(loan.dueOn)),
    },
    { key: 'status', header: 'Status', cell: (loan) => <LoanStatusBadge status={loan.status} /> },
    { key: 'late', header: 'Overdue', className: 'whitespace-nowrap', cell: (loan) => (loan.daysOverdue > 0 ? daysText(loan.daysOverdue) : '—') },
    { key: 'fine', header: 'Fine', className: 'whitespace-nowrap tabular-nums', cell: (loan) => formatRupees(loan.fineAccrued) },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (loan) =>
        canBorrow && loan.status !== 'returned' ? (
          <div className="flex justify-end gap-2">
            {loan.status === 'active' && loan.renewalsLeft > 0 ? (
              <Button size="sm" variant="outline" disabled={renew.isPending} onClick={() => void doRenew(loan)}>
                {LIBRARY_TEXT.renew}
              </Button>
            ) : null}
            {isDesk || selfReturn === true ? (
              <Button size="sm" onClick={() => setReturning(loan)}>
                {LIBRARY_TEXT.returnBook}
              </Button>
            ) : selfReturn === false ? (
              <span className="self-center text-sm text-muted-foreground" data-testid="return-at-desk">
                {LIBRARY_TEXT.returnAtDesk}
              </span>
            ) : null}
          </div>
        ) : null,
    },
  ];

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
          <DataTable
            caption={LIBRARY_TEXT.tabLoans}
            columns={columns}
            rows={loans.data?.loans}
            rowKey={(loan) => loan._id}
            loading={loans.isPending}
            error={loans.isError ? LIBRARY_TEXT.loadFailed : null}
            empty={LIBRARY_TEXT.noLoans}
            rowProps={() => ({ 'data-testid': 'loan-row' })}
          />
        </CardContent>
      </Card>
      {canBorrow ? <MyHolds /> : null}
      <ConfirmDialog
        failureText={LIBRARY_TEXT.actionFailed}
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
      </ConfirmDialog>
      <NoticeDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </NoticeDialog>
    </div>
  );
}
