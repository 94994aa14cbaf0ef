import { useState } from 'react';
import { BookUp, BookDown, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Book, Loan } from '../api/types';
import { LIBRARY_TEXT } from '../texts';
import { NoticeDialog } from '@/components/ui/confirm-dialog';
import { BookFormDialog } from './book-form-dialog';
import { DeskReturnDialog } from './desk-return-dialog';
import { IssueBookDialog } from './issue-book-dialog';
import { BorrowOutcome, ReturnOutcome } from './loan-outcome';

/** The desk's actions on a book (Librarian, Admin, SuperAdmin): Issue Book, Return Book, Edit Book. */
export function DeskActions({ book }: { book: Book }) {
  const [dialog, setDialog] = useState<'issue' | 'return' | 'edit' | null>(null);
  const [issued, setIssued] = useState<Loan | null>(null);
  const [returned, setReturned] = useState<Loan | null>(null);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="grid gap-3">
      <Button onClick={() => setDialog('issue')}>
        <BookUp aria-hidden="true" />
        {LIBRARY_TEXT.issueBook}
      </Button>
      <Button variant="outline" disabled={book.copiesAvailable >= book.copiesTotal} onClick={() => setDialog('return')}>
        <BookDown aria-hidden="true" />
        {LIBRARY_TEXT.returnBook}
      </Button>
      <Button variant="outline" onClick={() => setDialog('edit')}>
        <Pencil aria-hidden="true" />
        {LIBRARY_TEXT.editBook}
      </Button>

      <IssueBookDialog book={book} open={dialog === 'issue'} onOpenChange={close} onIssued={setIssued} />
      <DeskReturnDialog book={book} open={dialog === 'return'} onOpenChange={close} onReturned={setReturned} />
      <BookFormDialog book={book} open={dialog === 'edit'} onOpenChange={close} />
      <NoticeDialog open={issued !== null} onOpenChange={(open) => !open && setIssued(null)} title={LIBRARY_TEXT.issuedTitle}>
        {issued ? <BorrowOutcome loan={issued} /> : null}
      </NoticeDialog>
      <NoticeDialog open={returned !== null} onOpenChange={(open) => !open && setReturned(null)} title={LIBRARY_TEXT.returnedTitle}>
        {returned ? <ReturnOutcome loan={returned} /> : null}
      </NoticeDialog>
    </div>
  );
}
