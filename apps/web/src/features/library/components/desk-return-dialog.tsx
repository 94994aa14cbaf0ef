import { useState } from 'react';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { DialogDescription, FormDialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { serverMessage } from '@/lib/errors';
import { useBookActiveLoans } from '../api/get-loans';
import { useReturnBook } from '../api/return-book';
import type { Book, Loan } from '../api/types';
import { formatDate } from '@/lib/format-date';
import { daysText, formatRupees } from '../format';
import { LIBRARY_TEXT } from '../texts';
import { LoanStatusBadge } from './loan-status-badge';

/** Return Book (desk): the book's active loans; pick one; the fine it carries is shown before and after. */
export function DeskReturnDialog({ book, open, onOpenChange, onReturned }: { book: Book; open: boolean; onOpenChange: (open: boolean) => void; onReturned: (loan: Loan) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={LIBRARY_TEXT.returnBook}>
      {(close) => <ReturnForm book={book} onCancel={close} onReturned={(loan) => { close(); onReturned(loan); }} />}
    </FormDialog>
  );
}

function ReturnForm({ book, onCancel, onReturned }: { book: Book; onCancel: () => void; onReturned: (loan: Loan) => void }) {
  const loans = useBookActiveLoans(book._id, true);
  const returnBook = useReturnBook();
  const [picked, setPicked] = useState<Loan | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!picked) return;
    setError(null);
    try {
      const { loan } = await returnBook.mutateAsync({ bookId: book._id, userId: picked.userId });
      onReturned(loan);
    } catch (e) {
      setError(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  return (
    <div className="grid gap-4">
      <DialogDescription>
        Who is returning <strong>{book.title}</strong>? {LIBRARY_TEXT.returnDescription}
      </DialogDescription>
      <QueryState query={loans} error={LIBRARY_TEXT.loadFailed} skeletons={['h-16']} empty="No copy of this book is on loan.">
        {(list) => (
          <fieldset className="grid max-h-64 gap-2 overflow-y-auto">
            <legend className="sr-only">Loans</legend>
            {list.map((l) => {
              const late = l.daysOverdue;
              return (
                <label key={l._id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50">
                  <input type="radio" name="loan" className="mt-1" checked={picked?._id === l._id} onChange={() => setPicked(l)} />
                  <span className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {l.member.name} <LoanStatusBadge status={l.status} />
                    </span>
                    <span className="text-muted-foreground">
                      {l.member.email}
                      {l.member.studentId ? ` · ${l.member.studentId}` : ''}
                    </span>
                    <span className="text-muted-foreground">
                      Due {formatDate(l.dueOn)}
                      {late > 0 ? ` · ${daysText(late)} overdue · fine ${formatRupees(l.fineAccrued)}` : ''}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </QueryState>
      <FormError message={error} />
      <FormActions onCancel={onCancel} busy={returnBook.isPending} submitLabel={LIBRARY_TEXT.confirmReturn} busyLabel={LIBRARY_TEXT.processing} submitDisabled={!picked} onSubmit={() => void confirm()} />
    </div>
  );
}
