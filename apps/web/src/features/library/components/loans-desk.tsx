import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useLoans } from '../api/get-loans';
import { useReturnBook } from '../api/return-book';
import { useSettleFine } from '../api/settle-fine';
import type { FineAction, Loan, LoanStatus } from '../api/types';
import { daysText, formatDate, formatRupees } from '../format';
import { LIBRARY_TEXT } from '../texts';
import { ActionDialog, SuccessDialog } from './action-dialog';
import { LoanStatusBadge } from './loan-status-badge';
import { ReturnOutcome } from './loan-outcome';
import { Pager } from './pager';

const FILTERS: { value: LoanStatus; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'active', label: 'Active' },
  { value: 'returned', label: 'Returned' },
];
const PAGE_SIZE = 20;
const FINE_LABEL = { none: '', unpaid: 'unpaid', paid: 'paid', waived: 'waived' } as const;

type Pending = { kind: 'return'; loan: Loan } | { kind: FineAction; loan: Loan };

/**
 * Everyone's loans for the desk, filtered by status: member, due date, days overdue, fine. On-loan
 * rows can be returned; returned rows with an unpaid fine can be marked paid or waived.
 */
export function LoansDesk({ initialStatus = 'overdue' }: { initialStatus?: LoanStatus }) {
  const [status, setStatus] = useState<LoanStatus>(initialStatus);
  const [page, setPage] = useState(1);
  const loans = useLoans({ status, page, pageSize: PAGE_SIZE });
  const returnBook = useReturnBook();
  const settle = useSettleFine();
  const [pending, setPending] = useState<Pending | null>(null);
  const [returned, setReturned] = useState<Loan | null>(null);

  async function run(p: Pending) {
    if (p.kind === 'return') {
      setReturned((await returnBook.mutateAsync({ bookId: p.loan.bookId, userId: p.loan.userId })).loan);
    } else {
      const { message } = await settle.mutateAsync({ loanId: p.loan._id, action: p.kind });
      toast.success(message);
    }
  }

  const rows = loans.data?.loans ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Loans</CardTitle>
        <CardDescription>Books on loan, overdue, and returned with fines to settle.</CardDescription>
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Loan status">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={status === f.value ? 'default' : 'outline'}
              aria-pressed={status === f.value}
              onClick={() => {
                setStatus(f.value);
                setPage(1);
              }}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {loans.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {status} loans.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{`${FILTERS.find((f) => f.value === status)?.label ?? ''} loans`}</caption>
              <thead className="text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-4 font-medium">Book</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Member</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Due</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Days overdue</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Fine</th>
                  <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((loan) => {
                  const late = loan.daysOverdue;
                  return (
                    <tr key={loan._id} className="border-b last:border-0" data-testid="desk-loan-row">
                      <td className="py-2 pr-4 font-medium">
                        <Link to={paths.libraryBook({ id: loan.bookId })} className="underline-offset-4 hover:underline">
                          {loan.book.title}
                        </Link>
                      </td>
                      <td className="py-2 pr-4">
                        <span className="block">{loan.member.name}</span>
                        <span className="block text-xs text-muted-foreground">{loan.member.studentId ?? loan.member.email}</span>
                      </td>
                      <td className="whitespace-nowrap py-2 pr-4">{formatDate(loan.dueOn)}</td>
                      <td className="py-2 pr-4">
                        <LoanStatusBadge status={loan.status} />
                      </td>
                      <td className="whitespace-nowrap py-2 pr-4">{late > 0 ? daysText(late) : '—'}</td>
                      <td className="whitespace-nowrap py-2 pr-4 tabular-nums">
                        {formatRupees(loan.fineAccrued)}
                        {FINE_LABEL[loan.fineStatus] ? <span className="ml-1 text-xs text-muted-foreground">({FINE_LABEL[loan.fineStatus]})</span> : null}
                      </td>
                      <td className="py-2">
                        <div className="flex justify-end gap-2">
                          {loan.status !== 'returned' ? (
                            <Button size="sm" onClick={() => setPending({ kind: 'return', loan })}>
                              Return
                            </Button>
                          ) : loan.fineStatus === 'unpaid' ? (
                            <>
                              <Button size="sm" onClick={() => setPending({ kind: 'pay', loan })}>
                                Mark Paid
                              </Button>
                              <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'waive', loan })}>
                                Waive
                              </Button>
                            </>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager page={page} pageSize={PAGE_SIZE} total={loans.data?.total ?? 0} shown={rows.length} onPage={setPage} />
          </div>
        )}
      </CardContent>
      <ActionDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'return' ? LIBRARY_TEXT.confirmReturnTitle : pending?.kind === 'pay' ? 'Mark Fine Paid' : 'Waive Fine'}
        description={
          pending?.kind === 'return'
            ? LIBRARY_TEXT.returnDescription
            : pending
              ? `${pending.loan.member.name}: ${formatRupees(pending.loan.fineAccrued)} for ${pending.loan.book.title}.`
              : ''
        }
        confirmLabel={pending?.kind === 'return' ? LIBRARY_TEXT.confirmReturn : pending?.kind === 'pay' ? 'Mark Paid' : 'Waive'}
        onConfirm={() => (pending ? run(pending) : Promise.resolve())}
      >
        {pending?.kind === 'return' ? (
          <p className="text-sm">
            <strong>{pending.loan.book.title}</strong> from {pending.loan.member.name}
          </p>
        ) : null}
      </ActionDialog>
      <SuccessDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </SuccessDialog>
    </Card>
  );
}
