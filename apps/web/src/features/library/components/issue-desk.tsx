import { useId, useState } from 'react';
import { BookUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useLoanPeriodDays } from '../api/get-settings';
import { useIssueBook } from '../api/issue-book';
import type { Book, Member } from '../api/types';
import { formatDate } from '@/lib/format-date';
import { LIBRARY_TEXT } from '../texts';
import { BookPicker, MemberPicker } from './pickers';

/**
 * Issue Book at the circulation desk, as Koha's checkout starts: find the member (name, email or
 * student ID), then the book (title or ISBN), confirm. A refusal (loan limit, fines, no copies) shows
 * in the confirmation in the server's words; a success toasts and every library figure reloads.
 */
export function IssueDesk() {
  const [member, setMember] = useState<Member | null>(null);
  const [book, setBook] = useState<Book | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Remounting the pickers clears their search text after an issue.
  const [round, setRound] = useState(0);
  const days = useLoanPeriodDays();
  const issue = useIssueBook();
  const titleId = useId();

  async function confirm() {
    if (!member || !book) return;
    const { message, loan } = await issue.mutateAsync({ bookId: book._id, userId: member._id });
    toast.success(`${message}: ${book.title} to ${member.name}, due ${formatDate(loan.dueOn)}`);
    setMember(null);
    setBook(null);
    setRound((r) => r + 1);
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{LIBRARY_TEXT.issueBook}</CardTitle>
        <CardDescription>Find the member, then the book, and confirm.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <MemberPicker key={`m${round}`} picked={member} onPick={setMember} />
          <BookPicker key={`b${round}`} picked={book} onPick={setBook} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={!member || !book} onClick={() => setConfirming(true)}>
            <BookUp aria-hidden="true" />
            {LIBRARY_TEXT.issueBook}
          </Button>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {member && book ? `${book.title} to ${member.name}` : member ? `Member: ${member.name}. Now find the book.` : 'Start with the member.'}
          </p>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={LIBRARY_TEXT.issueBook}
        description={`Due date will be ${days} days from today.`}
        confirmLabel={member ? `Issue to ${member.name}` : LIBRARY_TEXT.issueBook}
        failureText={LIBRARY_TEXT.actionFailed}
        onConfirm={confirm}
      >
        {member && book ? (
          <p className="text-sm">
            <strong>{book.title}</strong> to {member.name} ({member.studentId ?? member.email})
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
