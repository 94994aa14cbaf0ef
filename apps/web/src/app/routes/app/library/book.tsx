import { useParams } from 'react-router';
import { BookDetail } from '@/features/library/components/book-detail';

export default function BookRoute() {
  const { id = '' } = useParams();
  // Keyed by id: moving to another book starts its page (and dialogs) afresh.
  return <BookDetail key={id} id={id} />;
}
