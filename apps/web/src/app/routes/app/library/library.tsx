import { LibraryPage } from '@/features/library/components/library-page';

export default function LibraryRoute() {
  return <LibraryPage />;
}
