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

/** What a picker shows for a search: whether a request is under way, and the choices (undefined until answered). */
type Choices<T> = { fetching: boolean; items: readonly T[] | undefined };

/** What tells one picker from another: its texts and one choice's lines. */
type PickerSearch<T> = { name: string; label: string; placeholder: string; empty: string; render: (item: T) => ReactNode };

/** The typed text of a picker, the query it becomes once the typing pauses, and whether it is long enough to search. */
type SearchBox = { text: string; setText: (text: string) => void; q: string; searching: boolean };

/** One picker's search box state, alike for every picker: `toQuery` turns the typed text into the query. */
function useSearchBox(toQuery: (text: string) => string): SearchBox {
  const [text, setText] = useState('');
  const q = useDebouncedValue(toQuery(text), SEARCH_DEBOUNCE_MS);
  return { text, setText, q, searching: q.length >= SEARCH_MIN_CHARS };
}

/** A search box over a radio list: the desk's way to pick one member or one book with the keyboard. */
function Picker<T extends { _id: string }>({
  search: { name, label, placeholder, empty, render },
  box: { text, setText, searching },
  choices: { fetching, items },
  picked,
  onPick,
}: {
  search: PickerSearch<T>;
  box: SearchBox;
  choices: Choices<T>;
  picked: T | null;
  onPick: (item: T) => void;
}) {
  const inputId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} autoComplete="off" />
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

function MemberChoice({ member: m }: { member: Member }) {
  return (
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
  );
}

/** An ISBN typed with hyphens or spaces is searched as stored (digits only). */
function bookQuery(text: string): string {
  const q = text.trim();
  return /^[\d\s-]+[xX]?$/.test(q) ? normalizeIsbn(q) : q;
}

function BookChoice({ book: b }: { book: Book }) {
  return (
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
  );
}

const MEMBER_SEARCH: PickerSearch<Member> = { name: 'member', label: 'Find a member', placeholder: 'Name, email or student ID', empty: 'No members found.', render: (m) => <MemberChoice member={m} /> };
const BOOK_SEARCH: PickerSearch<Book> = { name: 'book', label: 'Find a book', placeholder: 'Title or ISBN', empty: 'No books found.', render: (b) => <BookChoice book={b} /> };

/** Find an active member by name, email or student ID (GET /library/members?q=). */
export function MemberPicker({ picked, onPick }: { picked: Member | null; onPick: (member: Member) => void }) {
  const box = useSearchBox((text) => text.trim());
  const members = useMembers(box.q, box.searching);
  return <Picker search={MEMBER_SEARCH} box={box} choices={{ fetching: members.isFetching, items: members.data }} picked={picked} onPick={onPick} />;
}

/** Find a book by title or ISBN (GET /library/books?q=), showing the copies on the shelf. */
export function BookPicker({ picked, onPick }: { picked: Book | null; onPick: (book: Book) => void }) {
  const box = useSearchBox(bookQuery);
  const books = useBooks({ q: box.q, page: 1, pageSize: BOOK_CHOICES }, { enabled: box.searching });
  return <Picker search={BOOK_SEARCH} box={box} choices={{ fetching: books.isFetching, items: box.searching ? books.data?.books : undefined }} picked={picked} onPick={onPick} />;
}
