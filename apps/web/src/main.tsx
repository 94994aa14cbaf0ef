import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { preloadRoute } from './app/route-table';
import { AppRouter } from './app/router';
import { prefetchSessionUser } from './lib/session-prefetch';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The session check starts now, alongside the signed-in page's chunks rather than after them.
prefetchSessionUser();

const tree = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

/** Calls `done` once its children are in the document (the first commit). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useLayoutEffect(done, [done]);
  return children;
}

// A prerendered page (/login; decision 0012) is already painted: load its modules before the first
// render, so React replaces it with the same live page rather than a spinner (a failed load is
// retried and reported by the router), and only then make it usable. The render is a transition:
// React builds the page in slices of a few milliseconds instead of one long task (what a phone's
// slow CPU blocks on), and swaps the markup for it in one commit, so nothing shifts. No top-level
// await here: it would make the bundler split this entry's modules into many small chunks.
if (root.hasAttribute('inert')) {
  const usable = () => root.removeAttribute('inert');
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => createRoot(root).render(<Committed done={usable}>{tree}</Committed>)));
} else {
  createRoot(root).render(tree);
}
