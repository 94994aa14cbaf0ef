import { useMatches } from 'react-router';
import { ComingSoonPage } from '@/components/layout/page';

export type ComingSoonHandle = { title: string; module: string };

function isComingSoonHandle(h: unknown): h is ComingSoonHandle {
  return typeof h === 'object' && h !== null && 'title' in h && 'module' in h;
}

/** Guarded pages that later issues fill: the route's handle names the page and the module that brings it. */
export default function ComingSoonRoute() {
  const handle = useMatches()
    .map((m) => m.handle)
    .findLast(isComingSoonHandle);
  return <ComingSoonPage title={handle?.title ?? 'Coming soon'} module={handle?.module ?? 'next'} />;
}
