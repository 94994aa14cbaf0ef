import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { DialogDescription, DialogFooter, FormDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { serverMessage } from '@/lib/errors';
import { useMembers } from '../api/find-members';
import { useLoanPeriodDays } from '../api/get-settings';
import { useIssueBook } from '../api/issue-book';
import type { Book, Loan, Member } from '../api/types';
import { formatRupees } from '../format';
import { LIBRARY_TEXT, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../texts';

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
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = q.length >= SEARCH_MIN_CHARS;
  const members = useMembers(q, searching);
  const [picked, setPicked] = useState<Member | null>(null);
  const [error, setError] = useState<string | null>(null);
  const issue = useIssueBook();
  const inputId = useId();

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

  const list = searching ? (members.data ?? []) : [];
  return (
    <div className="grid gap-4">
      <DialogDescription>
        Lend a copy of <strong>{book.title}</strong>. Due date will be {days} days from today.
      </DialogDescription>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Find a member</Label>
        <Input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name, email or student ID" autoComplete="off" />
      </div>
      {searching && members.isFetching ? <Spinner label="Searching members" /> : null}
      {searching && !members.isPending && list.length === 0 ? <p className="text-sm text-muted-foreground">No members found.</p> : null}
      {list.length > 0 ? (
        <fieldset className="grid max-h-64 gap-2 overflow-y-auto">
          <legend className="sr-only">Members</legend>
          {list.map((m) => (
            <label key={m._id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50">
              <input type="radio" name="member" className="mt-1" checked={picked?._id === m._id} onChange={() => setPicked(m)} />
              <span className="grid gap-0.5">
                <span className="font-medium">{m.name}</span>
                <span className="text-muted-foreground">
                  {m.email}
                  {m.studentId ? ` · ${m.studentId}` : ''}
                </span>
                <span className="text-muted-foreground">
                  {m.activeLoans} on loan · fines {formatRupees(m.finesOwed)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <FormError message={error} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={issue.isPending}>
          {LIBRARY_TEXT.cancel}
        </Button>
        <Button disabled={!picked || issue.isPending} onClick={() => void confirm()}>
          {issue.isPending ? LIBRARY_TEXT.processing : picked ? `Issue to ${picked.name}` : LIBRARY_TEXT.issueBook}
        </Button>
      </DialogFooter>
    </div>
  );
}
