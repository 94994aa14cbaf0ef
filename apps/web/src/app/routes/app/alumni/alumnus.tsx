import { useParams } from 'react-router';
import { AlumnusPage } from '@/features/alumni/components/alumnus-page';

export default function AlumnusRoute() {
  const { id = '' } = useParams();
  // Keyed by id: moving to another alumnus starts its page (and dialogs) afresh.
  return <AlumnusPage key={id} id={id} />;
}
