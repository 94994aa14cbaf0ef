import { ComingSoonPage } from '@/components/layout/page';
import { usePageHandle } from '../../route-table';

/** Guarded pages that later issues fill: the page list names the page and the module that brings it. */
export default function ComingSoonRoute() {
  const handle = usePageHandle();
  return <ComingSoonPage title={handle?.title ?? 'Coming soon'} module={handle?.comingSoon ?? 'next'} />;
}
