// Build-time only (vite-plugins/prerender.ts): renders a signed-out page to HTML, so it paints before
// any script has run. The client's first render replaces it with the same page (decision 0012).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute } from './app/route-table';

/** The markup of the app at `path` with nobody signed in (the same tree as main.tsx renders). */
export async function render(path: string): Promise<string> {
  await preloadRoute(path);
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}
