import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMyLoans } from '../api/get-loans';
import { useLoanPeriodDays } from '../api/get-settings';
import { useIssueBook } from '../api/issue-book';
import { useReturnBook } from '../api/return-book';
import type { Book, Loan } from '../api/types';
import { useSelfServiceReturn } from '../hooks/use-self-service-return';
import { LIBRARY_TEXT } from '../texts';
import { HOLDS_TEXT } from '../holds-texts';
import { useMyHolds, usePlaceHold } from '../api/holds';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { ConfirmDialog, NoticeDialog } from '@/components/ui/confirm-dialog';
import { BorrowOutcome, ReturnOutcome } from './loan-outcome';

/**
 * A Student's actions on a book: Borrow This Book ('Not Available' when no copy is left, 'Already
 * borrowed' when they hold it — never a refusal worded for the desk; held back until their loans are
 * known) and Return Book for their active loan of it, or 'Return at the library desk' when Settings
 * says students may not return books themselves.
 */
export function StudentActions({ book }: { book: Book }) {
  const days = useLoanPeriodDays();
  const myLoans = useMyLoans();
  const selfReturn = useSelfServiceReturn();
  const activeLoan = myLoans.data?.loans.find((l) => l.bookId === book._id && l.status !== 'returned');
  const issue = useIssueBook();
  const returnBook = useReturnBook();
  const [dialog, setDialog] = useState<'borrow' | 'return' | null>(null);
  const [borrowed, setBorrowed] = useState<Loan | null>(null);
  const [returned, setReturned] = useState<Loan | null>(null);
  const holds = useMyHolds();
  const placeHold = usePlaceHold();
  const hold = holds.data?.find((h) => h.bookId === book._id);
  // A copy kept for the student on the hold shelf is theirs to borrow though none is on the shelf.
  const none = book.copiesAvailable === 0 && hold?.status !== 'ready';

  async function doPlaceHold() {
    try {
      toast.success((await placeHold.mutateAsync(book._id)).message);
    } catch (e) {
      toast.error(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  return (
    <div className="grid gap-3">
      <Button disabled={none || !!activeLoan || myLoans.isPending} onClick={() => setDialog('borrow')}>
        {activeLoan ? LIBRARY_TEXT.alreadyBorrowed : none ? LIBRARY_TEXT.notAvailable : LIBRARY_TEXT.borrow}
      </Button>
      {none && !activeLoan && holds.isSuccess && !hold ? (
        <Button variant="outline" disabled={placeHold.isPending} onClick={() => void doPlaceHold()}>
          {placeHold.isPending ? HOLDS_TEXT.placingHold : HOLDS_TEXT.placeHold}
        </Button>
      ) : hold?.status === 'waiting' ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="hold-status">
          {HOLDS_TEXT.holdWaiting(hold.position ?? 1)}
        </p>
      ) : null}
      {activeLoan && selfReturn === true ? (
        <Button variant="outline" onClick={() => setDialog('return')}>
          {LIBRARY_TEXT.returnBook}
        </Button>
      ) : activeLoan && selfReturn === false ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="return-at-desk">
          {LIBRARY_TEXT.returnAtDesk}
        </p>
      ) : null}

      <ConfirmDialog
        failureText={LIBRARY_TEXT.actionFailed}
        open={dialog === 'borrow'}
        onOpenChange={(open) => setDialog(open ? 'borrow' : null)}
        title={LIBRARY_TEXT.confirmBorrowTitle}
        description={LIBRARY_TEXT.borrowDescription(days)}
        confirmLabel={LIBRARY_TEXT.confirmBorrow}
        onConfirm={async () => setBorrowed((await issue.mutateAsync({ bookId: book._id })).loan)}
      />
      <ConfirmDialog
        failureText={LIBRARY_TEXT.actionFailed}
        open={dialog === 'return'}
        onOpenChange={(open) => setDialog(open ? 'return' : null)}
        title={LIBRARY_TEXT.confirmReturnTitle}
        description={LIBRARY_TEXT.returnDescription}
        confirmLabel={LIBRARY_TEXT.confirmReturn}
        onConfirm={async () => setReturned((await returnBook.mutateAsync({ bookId: book._id })).loan)}
      />
      <NoticeDialog open={borrowed !== null} onOpenChange={(open) => !open && setBorrowed(null)} title={LIBRARY_TEXT.borrowedTitle}>
        {borrowed ? <BorrowOutcome loan={borrowed} /> : null}
      </NoticeDialog>
      <NoticeDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </NoticeDialog>
    </div>
  );
}
