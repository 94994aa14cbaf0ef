import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { Book } from '../api/types';
import { authorsText, subjectsPreview } from '../format';

/** A catalogue card: title, author, the first 2 subjects plus '+N', availability; it links to the book. */
export function BookCard({ book }: { book: Book }) {
  const { shown, more } = subjectsPreview(book.subjects);
  const none = book.copiesAvailable === 0;
  return (
    <li>
      <Link
        to={paths.libraryBook({ id: book._id })}
        className="block h-full rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Card className="flex h-full flex-col gap-2 p-4 transition-colors hover:bg-accent/40">
          <h2 className="font-semibold leading-snug">{book.title}</h2>
          <p className="text-sm text-muted-foreground">{authorsText(book.authors)}</p>
          {shown.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Subjects">
              {shown.map((s) => (
                <li key={s}>
                  <Badge>{s}</Badge>
                </li>
              ))}
              {more > 0 ? (
                <li>
                  <Badge variant="outline" aria-label={`${more} more ${more === 1 ? 'subject' : 'subjects'}`}>
                    +{more}
                  </Badge>
                </li>
              ) : null}
            </ul>
          ) : null}
          <p className={cn('mt-auto pt-2 text-sm font-medium', none ? 'text-destructive' : 'text-green-700 dark:text-green-400')}>
            {book.copiesAvailable} of {book.copiesTotal} available
          </p>
        </Card>
      </Link>
    </li>
  );
}

/** The loading state of the catalogue grid: `count` placeholder cards. */
export function BookCardSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label="Loading books">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} data-testid="book-skeleton">
          <Card className="grid gap-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </Card>
        </li>
      ))}
    </ul>
  );
}
