import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Loan } from '../api/types';

/** A loan's book title, linking to the book page. */
export function BookLink({ loan }: { loan: Pick<Loan, 'bookId' | 'book'> }) {
  return (
    <Link to={paths.libraryBook({ id: loan.bookId })} className="underline-offset-4 hover:underline">
      {loan.book.title}
    </Link>
  );
}
