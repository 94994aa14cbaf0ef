import { OpacPage } from '@/features/library/components/opac-page';

/** /opac (public): the library's catalogue for anyone, while Settings keeps it open. */
export default function OpacRoute() {
  return <OpacPage />;
}
