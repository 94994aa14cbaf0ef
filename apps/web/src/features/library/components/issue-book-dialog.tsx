import { useState } from 'react';
import { DialogDescription, FormDialog } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { serverMessage } from '@/lib/errors';
import { useLoanPeriodDays } from '../api/get-settings';
import { useIssueBook } from '../api/issue-book';
import type { Book, Loan, Member } from '../api/types';
import { LIBRARY_TEXT } from '../texts';
import { MemberPicker } from './pickers';

/** Issue Book (desk): find a member by name, email or student ID, pick one, confirm. */
export function IssueBookDialog({ book, open, onOpenChange, onIssued }: { book: Book; open: boolean; onOpenChange: (open: boolean) => void; onIssued: (loan: Loan) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={LIBRARY_TEXT.issueBook}>
      {(close) => <IssueForm book={book} onCancel={close} onIssued={(loan) => { close(); onIssued(loan); }} />}
    </FormDialog>
  );
}

function IssueForm({ book, onCancel, onIssued }: { book: Book; onCancel: () => void; onIssued: (loan: Loan) => void }) {
  const days = useLoanPeriodDays();
  const [picked, setPicked] = useState<Member | null>(null);
  const [error, setError] = useState<string | null>(null);
  const issue = useIssueBook();

  async function confirm() {
    if (!picked) return;
    setError(null);
    try {
      const { loan } = await issue.mutateAsync({ bookId: book._id, userId: picked._id });
      onIssued(loan);
    } catch (e) {
      setError(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  return (
    <div className="grid gap-4">
      <DialogDescription>
        Lend a copy of <strong>{book.title}</strong>. Due date will be {days} days from today.
      </DialogDescription>
      <MemberPicker picked={picked} onPick={setPicked} />
      <FormError message={error} />
      <FormActions
        onCancel={onCancel}
        busy={issue.isPending}
        submitLabel={picked ? `Issue to ${picked.name}` : LIBRARY_TEXT.issueBook}
        busyLabel={LIBRARY_TEXT.processing}
        submitDisabled={!picked}
        onSubmit={() => void confirm()}
      />
    </div>
  );
}
