import { useId, useState, type ReactNode } from 'react';
import { normalizeIsbn } from '@crs/shared/schemas/library';
import { EmptyState } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useMembers } from '../api/find-members';
import { useBooks } from '../api/search-books';
import type { Book, Member } from '../api/types';
import { authorsText, formatRupees } from '../format';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../texts';

const BOOK_CHOICES = 8;

/** A search box over a radio list: the desk's way to pick one member or one book with the keyboard. */
function Picker<T extends { _id: string }>({
  label,
  placeholder,
  text,
  onText,
  searching,
  fetching,
  items,
  picked,
  onPick,
  empty,
  render,
  name,
}: {
  label: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  searching: boolean;
  fetching: boolean;
  items: readonly T[] | undefined;
  picked: T | null;
  onPick: (item: T) => void;
  empty: string;
  render: (item: T) => ReactNode;
  name: string;
}) {
  const inputId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} type="search" value={text} onChange={(e) => onText(e.target.value)} placeholder={placeholder} autoComplete="off" />
      {searching && fetching ? <Spinner label={`Searching: ${label}`} /> : null}
      {searching && items && items.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {searching && items && items.length > 0 ? (
        <fieldset className="grid max-h-64 gap-2 overflow-y-auto">
          <legend className="sr-only">{label}</legend>
          {items.map((item) => (
            <label key={item._id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50">
              <input type="radio" name={name} className="mt-1" checked={picked?._id === item._id} onChange={() => onPick(item)} />
              <span className="grid min-w-0 gap-0.5">{render(item)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** Find an active member by name, email or student ID (GET /library/members?q=). */
export function MemberPicker({ picked, onPick }: { picked: Member | null; onPick: (member: Member) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = q.length >= SEARCH_MIN_CHARS;
  const members = useMembers(q, searching);
  return (
    <Picker
      name="member"
      label="Find a member"
      placeholder="Name, email or student ID"
      text={text}
      onText={setText}
      searching={searching}
      fetching={members.isFetching}
      items={members.data}
      picked={picked}
      onPick={onPick}
      empty="No members found."
      render={(m) => (
        <>
          <span className="font-medium">{m.name}</span>
          <span className="break-words text-muted-foreground">
            {m.email}
            {m.studentId ? ` · ${m.studentId}` : ''}
          </span>
          <span className="text-muted-foreground">
            {m.activeLoans} on loan · fines {formatRupees(m.finesOwed)}
          </span>
        </>
      )}
    />
  );
}

/** An ISBN typed with hyphens or spaces is searched as stored (digits only). */
function bookQuery(text: string): string {
  const q = text.trim();
  return /^[\d\s-]+[xX]?$/.test(q) ? normalizeIsbn(q) : q;
}

/** Find a book by title or ISBN (GET /library/books?q=), showing the copies on the shelf. */
export function BookPicker({ picked, onPick }: { picked: Book | null; onPick: (book: Book) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(bookQuery(text), SEARCH_DEBOUNCE_MS);
  const searching = q.length >= SEARCH_MIN_CHARS;
  const books = useBooks({ q, page: 1, pageSize: BOOK_CHOICES }, { enabled: searching });
  return (
    <Picker
      name="book"
      label="Find a book"
      placeholder="Title or ISBN"
      text={text}
      onText={setText}
      searching={searching}
      fetching={books.isFetching}
      items={searching ? books.data?.books : undefined}
      picked={picked}
      onPick={onPick}
      empty="No books found."
      render={(b) => (
        <>
          <span className="font-medium">{b.title}</span>
          <span className="text-muted-foreground">
            {authorsText(b.authors)}
            {b.isbn ? ` · ISBN ${b.isbn}` : ''}
          </span>
          <span className={b.copiesAvailable > 0 ? 'text-muted-foreground' : 'text-destructive'}>
            {b.copiesAvailable} of {b.copiesTotal} copies available
          </span>
        </>
      )}
    />
  );
}
