import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIBRARY_MSG } from '@crs/shared/messages/library';
import { hasAnyRole, LIBRARY_STAFF } from '@crs/shared/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { DetailPageSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useBook } from '../api/get-book';
import type { Book } from '../api/types';
import { authorsText } from '../format';
import { LIBRARY_TEXT } from '../texts';
import { DeskActions } from './desk-actions';
import { StudentActions } from './student-actions';
import { CopiesRegister } from './copies-register';

export type BookActionsKind = 'student' | 'desk' | 'none';

/** Book detail actions follow the first role only (spec section 2). */
export function actionsFor(roles: readonly string[] | undefined): BookActionsKind {
  const first = roles?.[0];
  if (first === 'Student') return 'student';
  if (first && (LIBRARY_STAFF as readonly string[]).includes(first)) return 'desk';
  return 'none';
}

/** /library/books/{id}: every field, the availability bar, Actions and Book Information; 'Book not found' when it is not there. */
export function BookDetail({ id }: { id: string }) {
  const book = useBook(id);
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history inside the app): Back goes to the library instead of leaving the app.
  const back = () => (location.key === 'default' ? navigate(paths.library) : navigate(-1));

  const backButton = (
    <Button variant="ghost" onClick={back} className="-ml-2 w-fit">
      <ArrowLeft aria-hidden="true" />
      {LIBRARY_TEXT.back}
    </Button>
  );

  if (book.isPending) return <DetailPageSkeleton back={backButton} />;

  if (book.isError) {
    // Logged only (spec section 8): the API client has warned; the page says the book is not there.
    return (
      <section className="flex justify-center py-16">
        <div className="text-center">
          <h1 className="text-2xl font-semibold">{LIBRARY_MSG.bookNotFound}</h1>
          <Button asChild className="mt-6">
            <Link to={paths.library}>{LIBRARY_TEXT.backToLibrary}</Link>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="grid gap-6">
      {backButton}
      <BookHeader book={book.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ActionsCard book={book.data} />
        <Card>
          <CardHeader>
            <CardTitle>{LIBRARY_TEXT.bookInformation}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-3 gap-4 text-center">
              <Figure label={LIBRARY_TEXT.totalCopies} value={book.data.copiesTotal} />
              <Figure label={LIBRARY_TEXT.available} value={book.data.copiesAvailable} />
              <Figure label={LIBRARY_TEXT.borrowed} value={book.data.copiesTotal - book.data.copiesAvailable} />
            </dl>
          </CardContent>
        </Card>
      </div>
      {actionsFor(user?.roles) === 'desk' ? <CopiesRegister bookId={book.data._id} /> : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </dd>
    </div>
  );
}

function BookHeader({ book }: { book: Book }) {
  const availability = `${book.copiesAvailable} of ${book.copiesTotal} copies available`;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{book.title}</h1>
          <p className="mt-1 text-muted-foreground" data-testid="book-authors">
            {authorsText(book.authors)}
          </p>
        </div>
        {book.subjects.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Subjects">
            {book.subjects.map((s) => (
              <li key={s}>
                <Badge>{s}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail label="Publisher">{book.publisher ?? '—'}</Detail>
          <Detail label="Year Published">{book.year ?? '—'}</Detail>
          <Detail label="ISBN">{book.isbn ?? '—'}</Detail>
          <Detail label="Tags">
            {book.tags.length > 0 ? (
              <span className="flex flex-wrap gap-1">
                {book.tags.map((t) => (
                  <Badge key={t} variant="outline">
                    {t}
                  </Badge>
                ))}
              </span>
            ) : (
              LIBRARY_TEXT.noTags
            )}
          </Detail>
        </dl>
        <div className="grid gap-2">
          <Progress value={book.copiesAvailable} max={book.copiesTotal} label="Availability" />
          <p className="text-sm font-medium" data-testid="availability">
            {availability}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

function ActionsCard({ book }: { book: Book }) {
  const { user } = useAuth();
  const kind = actionsFor(user?.roles);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{LIBRARY_TEXT.actions}</CardTitle>
      </CardHeader>
      <CardContent>
        {kind === 'student' ? (
          <StudentActions book={book} />
        ) : kind === 'desk' ? (
          <DeskActions book={book} />
        ) : (
          <p className="text-sm text-muted-foreground">{hasAnyRole(user?.roles ?? [], ['Teacher']) ? LIBRARY_TEXT.teacherHelp : LIBRARY_TEXT.deskHelp}</p>
        )}
      </CardContent>
    </Card>
  );
}
