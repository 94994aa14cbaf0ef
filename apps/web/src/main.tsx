import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
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

// A prerendered page (/login; decision 0012) is already painted: load its modules before the first
// render, so React replaces it at once with the same live page rather than a spinner (a failed load
// is retried and reported by the router), and only then make it usable. No top-level await here: it
// would make the bundler split this entry's modules into many small chunks.
if (root.hasAttribute('inert')) {
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      flushSync(() => createRoot(root).render(tree));
      root.removeAttribute('inert');
    });
} else {
  createRoot(root).render(tree);
}
