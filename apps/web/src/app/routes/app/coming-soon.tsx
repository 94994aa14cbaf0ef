import { useMatches } from 'react-router';
import { ComingSoonPage } from '@/components/layout/page';
import type { PageHandle } from '../../route-table';

const isPageHandle = (h: unknown): h is PageHandle => typeof h === 'object' && h !== null && 'title' in h;

/** Guarded pages that later issues fill: the page list names the page and the module that brings it. */
export default function ComingSoonRoute() {
  const handle = useMatches()
    .map((m) => m.handle)
    .findLast(isPageHandle);
  return <ComingSoonPage title={handle?.title ?? 'Coming soon'} module={handle?.comingSoon ?? 'next'} />;
}
