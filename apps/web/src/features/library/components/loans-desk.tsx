import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/lib/toast';
import { useLoans } from '../api/get-loans';
import { useReturnBook } from '../api/return-book';
import { useSettleFine } from '../api/settle-fine';
import type { FineAction, Loan, LoanStatus } from '../api/types';
import { formatDate } from '@/lib/format-date';
import { daysText, formatRupees } from '../format';
import { LIBRARY_TEXT } from '../texts';
import { ConfirmDialog, NoticeDialog } from '@/components/ui/confirm-dialog';
import { LoanStatusBadge } from './loan-status-badge';
import { BookLink } from './book-link';
import { ReturnOutcome } from './loan-outcome';

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

  const columns: Column<Loan>[] = [
    { key: 'book', header: 'Book', className: 'font-medium', cell: (loan) => <BookLink loan={loan} /> },
    {
      key: 'member',
      header: 'Member',
      cell: (loan) => (
        <>
          <span className="block">{loan.member.name}</span>
          <span className="block text-xs text-muted-foreground">{loan.member.studentId ?? loan.member.email}</span>
        </>
      ),
    },
    { key: 'due', header: 'Due', className: 'whitespace-nowrap', cell: (loan) => formatDate(loan.dueOn) },
    { key: 'status', header: 'Status', cell: (loan) => <LoanStatusBadge status={loan.status} /> },
    { key: 'late', header: 'Days overdue', className: 'whitespace-nowrap', cell: (loan) => (loan.daysOverdue > 0 ? daysText(loan.daysOverdue) : '—') },
    {
      key: 'fine',
      header: 'Fine',
      className: 'whitespace-nowrap tabular-nums',
      cell: (loan) => (
        <>
          {formatRupees(loan.fineAccrued)}
          {FINE_LABEL[loan.fineStatus] ? <span className="ml-1 text-xs text-muted-foreground">({FINE_LABEL[loan.fineStatus]})</span> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (loan) => (
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
      ),
    },
  ];
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
        <DataTable
          caption={`${FILTERS.find((f) => f.value === status)?.label ?? ''} loans`}
          columns={columns}
          rows={loans.data?.loans}
          rowKey={(loan) => loan._id}
          loading={loans.isPending}
          error={loans.isError ? LIBRARY_TEXT.loadFailed : null}
          empty={`No ${status} loans.`}
          paging={{ page, pageSize: PAGE_SIZE, total: loans.data?.total ?? 0, onPage: setPage }}
          rowProps={() => ({ 'data-testid': 'desk-loan-row' })}
        />
      </CardContent>
      <ConfirmDialog
        failureText={LIBRARY_TEXT.actionFailed}
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
      </ConfirmDialog>
      <NoticeDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </NoticeDialog>
    </Card>
  );
}
