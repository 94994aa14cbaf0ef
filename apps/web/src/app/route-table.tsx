import { useEffect, type ComponentType } from 'react';
import { Navigate, Outlet, useMatches, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PAGES, pageRoles, type PageDef } from '@/config/pages';
import { paths } from '@/config/paths';
import { RequireRoles } from '@/lib/authorization';

type PageModule = { default: ComponentType };

/** What every route carries for the frame: its title, and for placeholders the module that brings it. */
export type PageHandle = { title: string; comingSoon?: string };

// Every page module under routes/, each its own lazy chunk; the page list names them by path.
const modules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

function loader(page: PageDef): () => Promise<PageModule> {
  const load = modules[`./routes/${page.page}.tsx`];
  // Fails when the route table is built (first import, and every component test), not on a click.
  if (!load) throw new Error(`Page "${page.title}" names app/routes/${page.page}.tsx, which does not exist`);
  return load;
}

function route(page: PageDef): RouteObject {
  const load = loader(page);
  const roles = pageRoles(page);
  const handle: PageHandle = { title: page.title, comingSoon: page.comingSoon };
  return {
    path: page.path,
    handle,
    lazy: async () => {
      const { default: Page } = await load();
      if (!roles) return { Component: Page };
      return {
        element: (
          <RequireRoles roles={roles}>
            <Page />
          </RequireRoles>
        ),
      };
    },
  };
}

const isHandle = (h: unknown): h is PageHandle => typeof h === 'object' && h !== null && 'title' in h;

/** The browser tab names the current page. */
function TitledOutlet() {
  const title = useMatches()
    .map((m) => m.handle)
    .findLast(isHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} · CRS` : 'College Resource System';
  }, [title]);
  return <Outlet />;
}

const pages: readonly PageDef[] = Object.values(PAGES);

/** The router's table, derived from the page list. All pages are lazy, so /login loads only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <TitledOutlet />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      ...pages.filter((p) => !p.guarded && p.path !== '*').map(route),
      { lazy: async () => ({ Component: (await import('./routes/app/layout')).default }), children: pages.filter((p) => p.guarded).map(route) },
      ...pages.filter((p) => p.path === '*').map(route),
    ],
  },
];
