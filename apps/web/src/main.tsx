import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { preloadRoute } from './app/route-table';
import { AppRouter } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A prerendered page (/login; decision 0012) is already painted: load its modules before the first
// render, so React replaces it at once with the same live page rather than a spinner (a failed load
// is retried and reported by the router), and only then make it usable.
const prerendered = root.hasAttribute('inert');
if (prerendered) await preloadRoute(window.location.pathname).catch(() => undefined);

const app = createRoot(root);
const tree = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);
if (prerendered) {
  flushSync(() => app.render(tree));
  root.removeAttribute('inert');
} else {
  app.render(tree);
}
